import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ModalForm } from '@/components/ui/ModalForm';
import { UploadField } from '@/components/ui/UploadField';
import { FormErrors } from '@/components/ui/form-errors';
import { BrowserApiError } from '@/lib/api/fetcher';
import { uploadForm } from '@/lib/api/upload';
import { useUpload } from '@/lib/api/use-upload';
import type { UploadKind } from '@/lib/ui/upload-rules';
import { FakeXhr, installFakeXhr } from '../fake-xhr';

installFakeXhr();

const mp3 = (name = 'akcio.mp3') => new File(['ID3'], name, { type: 'audio/mpeg' });
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function Picker({ kind, onFiles = () => undefined }: { kind: UploadKind; onFiles?: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <UploadField
      label="Fájl"
      kind={kind}
      files={files}
      onFilesChange={(picked) => {
        setFiles(picked);
        onFiles(picked);
      }}
    />
  );
}

function pick(files: File[]) {
  fireEvent.change(screen.getByLabelText(/^Fájl/), { target: { files } });
}

describe('refusals before anything is sent (SPEC.md §5)', () => {
  it('takes one MP3 and shows its name', () => {
    const onFiles = jest.fn();
    render(<Picker kind="audio" onFiles={onFiles} />);
    pick([mp3()]);
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'akcio.mp3' })]);
    expect(screen.getByText('akcio.mp3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a non-MP3 sound with a Hungarian message, keeping nothing', () => {
    const onFiles = jest.fn();
    render(<Picker kind="audio" onFiles={onFiles} />);
    pick([new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })]);
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Csak MP3 (audio/mpeg) fájl tölthető fel.');
    expect(screen.getByLabelText(/^Fájl/)).toHaveAttribute('aria-invalid', 'true');
    // A good pick afterwards clears the refusal.
    pick([mp3()]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses two sounds at once', () => {
    const onFiles = jest.fn();
    render(<Picker kind="audio" onFiles={onFiles} />);
    pick([mp3('a.mp3'), mp3('b.mp3')]);
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Egyszerre csak egy fájl tölthető fel.');
  });

  it('takes up to 10 JPEG/PNG images, refuses 11 and a GIF', () => {
    const onFiles = jest.fn();
    render(<Picker kind="image" onFiles={onFiles} />);
    const ten = Array.from({ length: 10 }, (_, i) => png(`kep-${i}.png`));
    pick(ten);
    expect(onFiles).toHaveBeenLastCalledWith(ten);
    expect(screen.getByText('10 fájl kiválasztva')).toBeInTheDocument();
    pick([...ten, png('kep-10.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('Egyszerre legfeljebb 10 kép tölthető fel.');
    pick([new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('Csak JPEG, JPG vagy PNG kép tölthető fel.');
    // A .jpg whose type the system could not tell passes on its name; the server judges the bytes.
    pick([new File(['x'], 'FOTO.JPG', { type: '' })]);
    expect(onFiles).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText(/^Fájl/)).toHaveAttribute('accept', 'image/jpeg,image/png,.jpg,.jpeg,.png');
    expect(screen.getByLabelText(/^Fájl/)).toHaveAttribute('multiple');
  });

  it("shows the server's first errors.file from the form", () => {
    render(
      <FormErrors value={{ file: ['A fájl nem MP3.', 'Második'] }}>
        <Picker kind="audio" />
      </FormErrors>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^A fájl nem MP3\.$/);
  });
});

describe('uploadForm', () => {
  it('posts the form by XHR with the BFF headers, reports progress and answers the JSON', async () => {
    const form = new FormData();
    form.set('name', 'Nyári akció');
    const progress: number[] = [];
    const answer = uploadForm<{ id: number }>('/api/spots', form, { onProgress: (f) => progress.push(f) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/spots');
    expect(xhr.headers.accept).toBe('application/json');
    expect(xhr.body).toBe(form);
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(201, { id: 7 });
    await expect(answer).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects a 422 as an BrowserApiError with the field errors, and an abort as AbortError', async () => {
    const refused = uploadForm('/api/spots', new FormData());
    FakeXhr.last!.answer(422, { message: 'Hibás fájl.', errors: { file: ['Hibás fájl.'] } });
    await expect(refused).rejects.toEqual(expect.objectContaining({ status: 422, errors: { file: ['Hibás fájl.'] } }));
    await expect(refused).rejects.toBeInstanceOf(BrowserApiError);

    const controller = new AbortController();
    const aborted = uploadForm('/api/spots', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});

/** A spot form as the mixer composes it: a ModalForm, the upload field and useUpload. */
function SpotForm() {
  const [files, setFiles] = useState<File[]>([]);
  const { progress, upload } = useUpload();
  return (
    <ModalForm
      open
      onOpenChange={() => undefined}
      title="Új szpot"
      submitLabel="Mentés"
      busyLabel="Mentés…"
      onSubmit={async (data, signal) => {
        if (files[0]) data.set('file', files[0]);
        await upload('/api/spots', data, signal);
      }}
    >
      <UploadField label="Fájl" kind="audio" files={files} onFilesChange={setFiles} progress={progress} />
    </ModalForm>
  );
}

it('shows the real progress while the form uploads, then the server error under the field', async () => {
  render(<SpotForm />);
  pick([mp3()]);
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  const xhr = FakeXhr.last!;
  expect((xhr.body as FormData).get('file')).toEqual(expect.objectContaining({ name: 'akcio.mp3' }));
  const bar = screen.getByRole('progressbar', { name: 'Feltöltés' });
  expect(bar).toHaveAttribute('aria-valuenow', '0');
  act(() => xhr.progress(40, 100));
  expect(bar).toHaveAttribute('aria-valuenow', '40');
  expect(screen.getByText('40%')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Fájl/)).toBeDisabled();
  await act(async () => xhr.answer(422, { message: 'x', errors: { file: ['A fájl túl nagy.'] } }));
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByLabelText(/^Fájl/)).toHaveAccessibleDescription('A fájl túl nagy.');
});

/** Slideshow images as the mixer composes them: several files, one a call, each with its own progress. */
function ImagesForm({ onOutcome }: { onOutcome: (name: string, ok: boolean) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const { progress, turn, uploadEach } = useUpload();
  return (
    <UploadField
      label="Fájl"
      kind="image"
      files={files}
      progress={progress}
      turn={turn}
      onFilesChange={(picked) => {
        setFiles(picked);
        void uploadEach<{ id: number }>(picked, '/api/slideshows/3/image', {
          onOutcome: (outcome) => onOutcome(outcome.file.name, outcome.ok),
        });
      }}
    />
  );
}

it('uploads several images one a call, saying which one is on its way; a refused one does not stop the rest', async () => {
  const seen: [string, boolean][] = [];
  render(<ImagesForm onOutcome={(name, ok) => seen.push([name, ok])} />);
  pick([png('elso.png'), png('masodik.png')]);

  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  const first = FakeXhr.last!;
  expect(first.url).toBe('/api/slideshows/3/image');
  expect((first.body as FormData).getAll('file')).toEqual([expect.objectContaining({ name: 'elso.png' })]);
  const bar = screen.getByRole('progressbar', { name: 'Feltöltés (1/2): elso.png' });
  act(() => first.progress(50, 100));
  expect(bar).toHaveAttribute('aria-valuenow', '50');
  await act(async () =>
    first.answer(422, { message: 'x', errors: { file: ['A kép csak JPEG vagy PNG fájl lehet.'] } }),
  );

  await waitFor(() => expect(FakeXhr.last).not.toBe(first));
  const second = FakeXhr.last!;
  expect((second.body as FormData).get('file')).toEqual(expect.objectContaining({ name: 'masodik.png' }));
  expect(screen.getByRole('progressbar', { name: 'Feltöltés (2/2): masodik.png' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await act(async () => second.answer(201, { id: 9 }));

  expect(seen).toEqual([
    ['elso.png', false],
    ['masodik.png', true],
  ]);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
});
