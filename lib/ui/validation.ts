/** The client-side submit rules of the auth forms (SPEC.md §5 and §9). */
export const LOGIN_MIN_LENGTH = 4;
export const FORGOT_EMAIL_MIN_LENGTH = 6;
export const RESET_PASSWORD_MIN_LENGTH = 8;

export function canSubmitLogin(email: string, password: string, loading: boolean): boolean {
  return !loading && email.length >= LOGIN_MIN_LENGTH && password.length >= LOGIN_MIN_LENGTH;
}

export function canSubmitForgot(email: string, loading: boolean): boolean {
  return !loading && email.length >= FORGOT_EMAIL_MIN_LENGTH;
}

export function canSubmitReset(password: string, confirmation: string, loading: boolean): boolean {
  return !loading && password.length >= RESET_PASSWORD_MIN_LENGTH && confirmation.length >= RESET_PASSWORD_MIN_LENGTH;
}
