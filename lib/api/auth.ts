import type { ResetStatus } from '@/contracts';
import { BrowserApiError, apiFetch } from './fetcher';

// Type-only contract imports: zod stays out of the guest pages' bundle (their LCP budget is tight).

/** BFF-owned auth calls; the BFF does the CSRF dance with the tenant API. */
export function login(email: string, password: string, remember: boolean): Promise<unknown> {
  return apiFetch('/auth/login', { method: 'POST', body: { email, password, remember } });
}

export function logout(): Promise<unknown> {
  return apiFetch('/auth/logout', { method: 'POST' });
}

export function sendPasswordResetLink(email: string): Promise<unknown> {
  return apiFetch('/api/password-reset-link', { method: 'POST', body: { email } });
}

export async function resetPassword(body: {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}): Promise<ResetStatus> {
  const status = await apiFetch<unknown>(`/api/reset-password/${encodeURIComponent(body.token)}`, {
    method: 'POST',
    body,
  });
  if (status === 'passwords.reset' || status === 'passwords.token') return status;
  throw new BrowserApiError(500, `Unexpected reset status: ${String(status)}`);
}
