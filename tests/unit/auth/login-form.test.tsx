import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LoginForm } from '@/components/auth/LoginForm';
import { installFakeFetch, type FakeAnswer } from '../fake-fetch';

function setup(answer: FakeAnswer = { status: 204 }) {
  const fetchFake = installFakeFetch(() => answer);
  const onSuccess = jest.fn();
  render(<LoginForm onSuccess={onSuccess} />);
  return {
    ...fetchFake,
    onSuccess,
    email: screen.getByLabelText('E-mail cím'),
    password: screen.getByLabelText('Jelszó'),
    remember: screen.getByLabelText('Emlékezzen rám'),
    button: screen.getByRole('button', { name: 'Bejelentkezés' }),
  };
}

it('has real labels, the remember box and the forgot link', () => {
  setup();
  expect(screen.getByRole('textbox', { name: 'E-mail cím' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Emlékezzen rám' })).not.toBeChecked();
  expect(screen.getByRole('link', { name: 'Elfelejtett jelszó?' })).toHaveAttribute('href', '/forgot');
});

it('enables the button only with 4+ characters in both fields', () => {
  const { email, password, button } = setup();
  expect(button).toBeDisabled();
  fireEvent.change(email, { target: { value: 'a@b' } });
  fireEvent.change(password, { target: { value: 'abcd' } });
  expect(button).toBeDisabled();
  fireEvent.change(email, { target: { value: 'a@bc' } });
  expect(button).toBeEnabled();
  fireEvent.change(password, { target: { value: 'abc' } });
  expect(button).toBeDisabled();
});

it('ignores Enter while the rule fails', () => {
  const { email, password, calls } = setup();
  fireEvent.change(email, { target: { value: 'a@bc' } });
  fireEvent.change(password, { target: { value: 'abc' } });
  fireEvent.keyDown(password, { key: 'Enter' });
  expect(calls).toHaveLength(0);
});

it('submits on Enter with the typed values and remember, then leaves', async () => {
  const { email, password, remember, calls, onSuccess } = setup();
  fireEvent.change(email, { target: { value: 'demo@pulzus.hu' } });
  fireEvent.change(password, { target: { value: 'pulzus-demo' } });
  fireEvent.click(remember);
  fireEvent.keyDown(email, { key: 'Enter' });
  await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  expect(calls).toHaveLength(1);
  expect(calls[0]!.url).toBe('/auth/login');
  expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
    email: 'demo@pulzus.hu',
    password: 'pulzus-demo',
    remember: true,
  });
});

it('disables the button while the login is in flight', async () => {
  let release: (answer: FakeAnswer) => void = () => {};
  installFakeFetch(() => new Promise<FakeAnswer>((resolve) => (release = resolve)));
  const onSuccess = jest.fn();
  render(<LoginForm onSuccess={onSuccess} />);
  fireEvent.change(screen.getByLabelText('E-mail cím'), { target: { value: 'demo@pulzus.hu' } });
  fireEvent.change(screen.getByLabelText('Jelszó'), { target: { value: 'pulzus-demo' } });
  const button = screen.getByRole('button', { name: 'Bejelentkezés' });
  fireEvent.click(button);
  expect(button).toBeDisabled();
  await act(async () => release({ status: 204 }));
  expect(onSuccess).toHaveBeenCalled();
});

it('shows the first server error under each field', async () => {
  const { email, password, button, onSuccess } = setup({
    status: 422,
    body: {
      message: 'Hibás e-mail cím vagy jelszó. (és még 2 hiba)',
      errors: {
        email: ['Hibás e-mail cím vagy jelszó.', 'második üzenet'],
        password: ['A jelszó megadása kötelező.'],
        remember: ['Érvénytelen érték.'],
      },
    },
  });
  fireEvent.change(email, { target: { value: 'demo@pulzus.hu' } });
  fireEvent.change(password, { target: { value: 'rossz-jelszo' } });
  fireEvent.click(button);

  expect(await screen.findByText('Hibás e-mail cím vagy jelszó.')).toHaveAttribute('id', 'login-email-error');
  expect(screen.queryByText('második üzenet')).not.toBeInTheDocument();
  expect(screen.getByText('A jelszó megadása kötelező.')).toHaveAttribute('id', 'login-password-error');
  expect(screen.getByText('Érvénytelen érték.')).toHaveAttribute('id', 'login-remember-error');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Hibás e-mail cím vagy jelszó.');
  expect(onSuccess).not.toHaveBeenCalled();
  expect(button).toBeEnabled();
});

it('shows the throttling message of a 429 under the e-mail field', async () => {
  const message = 'Túl sok bejelentkezési kísérlet. Kérjük, próbálja újra 42 másodperc múlva.';
  const { email, password, button } = setup({ status: 429, body: { message, errors: { email: [message] } } });
  fireEvent.change(email, { target: { value: 'x@pulzus.hu' } });
  fireEvent.change(password, { target: { value: 'rossz-jelszo' } });
  fireEvent.click(button);
  expect(await screen.findByText(message)).toHaveAttribute('id', 'login-email-error');
});
