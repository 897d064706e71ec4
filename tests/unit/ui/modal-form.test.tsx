import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ModalForm } from '@/components/ui/ModalForm';
import { TextAreaField, TextField } from '@/components/ui/TextField';
import { BrowserApiError } from '@/lib/api/fetcher';

const INVALID = 'Hibás kitöltés, kérjük javítsa.';

function Harness({
  onSubmit,
  invalidAlert = false,
  onClosed = () => undefined,
}: {
  onSubmit: (data: FormData, signal: AbortSignal) => Promise<void>;
  invalidAlert?: boolean;
  onClosed?: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <ModalForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClosed();
      }}
      title="Új szpot"
      submitLabel="Mentés"
      busyLabel="Mentés…"
      cancelLabel="Mégse"
      invalidAlert={invalidAlert}
      onSubmit={onSubmit}
    >
      <TextField name="name" label="Szpot neve" defaultValue="" />
      <TextAreaField name="description" label="Leírás" defaultValue="" />
    </ModalForm>
  );
}

it('submits on Enter in a one-line field with the fields as FormData, then closes', async () => {
  const onSubmit = jest.fn(async (_data: FormData, _signal: AbortSignal) => undefined);
  const onClosed = jest.fn();
  render(<Harness onSubmit={onSubmit} onClosed={onClosed} />);
  const name = screen.getByRole('textbox', { name: 'Szpot neve' });
  fireEvent.change(name, { target: { value: 'Nyári akció' } });
  fireEvent.keyDown(name, { key: 'Enter' });
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  expect(onSubmit.mock.calls[0]![0].get('name')).toBe('Nyári akció');
  await waitFor(() => expect(onClosed).toHaveBeenCalled());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('Enter in a textarea makes a new line, not a submit', () => {
  const onSubmit = jest.fn(async () => undefined);
  render(<Harness onSubmit={onSubmit} />);
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Leírás' }), { key: 'Enter' });
  expect(onSubmit).not.toHaveBeenCalled();
});

it('shows the first message under each field, the alert, and stays open', async () => {
  const onSubmit = jest.fn(async () => {
    throw new BrowserApiError(422, 'x', {
      name: ['A név megadása kötelező.', 'Második'],
      description: ['Túl hosszú.'],
    });
  });
  render(<Harness onSubmit={onSubmit} invalidAlert />);
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  expect(await screen.findByText('A név megadása kötelező.')).toBeInTheDocument();
  expect(screen.queryByText('Második')).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Szpot neve' })).toHaveAccessibleDescription('A név megadása kötelező.');
  expect(screen.getByRole('textbox', { name: 'Leírás' })).toHaveAccessibleDescription('Túl hosszú.');
  expect(screen.getByText(INVALID)).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('dialog', { name: 'Új szpot' })).toBeInTheDocument();
});

it('without the invalid alert shows only the field errors; a network failure says something', async () => {
  let failure: unknown = new BrowserApiError(422, 'x', { name: ['A név megadása kötelező.'] });
  render(
    <Harness
      onSubmit={async () => {
        throw failure;
      }}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  expect(await screen.findByText('A név megadása kötelező.')).toBeInTheDocument();
  expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  failure = new TypeError('Failed to fetch');
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  expect(await screen.findByText('Valami hiba történt. Kérjük, próbálja újra.')).toBeInTheDocument();
  expect(screen.queryByText('A név megadása kötelező.')).not.toBeInTheDocument();
});

it('is busy while the call runs: one call, the busy label, Enter ignored; cancel aborts it', async () => {
  let signal: AbortSignal | undefined;
  const onSubmit = jest.fn(
    (_data: FormData, s: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal = s;
        s.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  const onClosed = jest.fn();
  render(<Harness onSubmit={onSubmit} onClosed={onClosed} />);
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  const busy = await screen.findByRole('button', { name: 'Mentés…' });
  expect(busy).toBeDisabled();
  expect(busy.closest('form')).toHaveAttribute('aria-busy', 'true');
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Szpot neve' }), { key: 'Enter' });
  expect(onSubmit).toHaveBeenCalledTimes(1);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mégse' })));
  expect(signal?.aborted).toBe(true);
  expect(onClosed).toHaveBeenCalled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('an error under a field goes when that field changes; the others stay', async () => {
  const onSubmit = jest.fn(async () => {
    throw new BrowserApiError(422, 'x', { name: ['A név megadása kötelező.'], description: ['Túl hosszú.'] });
  });
  render(<Harness onSubmit={onSubmit} />);
  fireEvent.click(screen.getByRole('button', { name: 'Mentés' }));
  expect(await screen.findByText('A név megadása kötelező.')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: 'Szpot neve' }), { target: { value: 'Reggeli' } });
  expect(screen.queryByText('A név megadása kötelező.')).not.toBeInTheDocument();
  expect(screen.getByText('Túl hosszú.')).toBeInTheDocument();
});
