import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PlaylistNameForm } from '@/components/playlists/PlaylistNameForm';
import { BrowserApiError } from '@/lib/api/fetcher';

const INVALID = 'Hibás kitöltés, kérjük javítsa.';

function setup(onSubmit: (name: string) => Promise<void>) {
  render(<PlaylistNameForm submitLabel="Létrehozás" busyLabel="Létrehozás…" onSubmit={onSubmit} />);
  return { input: screen.getByLabelText('A lista neve'), submit: screen.getByRole('button', { name: 'Létrehozás' }) };
}

it('shows the first errors.name under the field and the form alert', async () => {
  const onSubmit = jest.fn(async () => {
    throw new BrowserApiError(422, 'A név megadása kötelező.', {
      name: ['A név megadása kötelező.', 'Második üzenet'],
    });
  });
  const { input, submit } = setup(onSubmit);
  fireEvent.click(submit);

  await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
  expect(await screen.findByText('A név megadása kötelező.')).toBeInTheDocument();
  expect(screen.queryByText('Második üzenet')).not.toBeInTheDocument();
  expect(screen.getByText(INVALID)).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('A név megadása kötelező.');
});

it('clears the errors after a successful submit and trims the name', async () => {
  let fail = true;
  const onSubmit = jest.fn(async () => {
    if (fail) throw new BrowserApiError(422, 'x', { name: ['A név megadása kötelező.'] });
  });
  const { input, submit } = setup(onSubmit);
  fireEvent.click(submit);
  expect(await screen.findByText(INVALID)).toBeInTheDocument();

  fail = false;
  fireEvent.change(input, { target: { value: '  Reggeli nyitás  ' } });
  fireEvent.click(submit);
  await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith('Reggeli nyitás'));
  await waitFor(() => expect(screen.queryByText(INVALID)).not.toBeInTheDocument());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('shows no error before anything was sent', () => {
  setup(async () => undefined);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('a failure without field errors still says something', async () => {
  const { submit } = setup(async () => {
    throw new TypeError('Failed to fetch');
  });
  fireEvent.click(submit);
  expect(await screen.findByText(INVALID)).toBeInTheDocument();
  expect(screen.getAllByRole('alert')).toHaveLength(2);
});
