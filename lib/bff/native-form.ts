/**
 * The login form also works as a plain HTML form: on a weak PC a shop manager may type and press
 * Enter before the page's script has run, and the browser then posts the form itself. Such a post
 * wants a page back, not JSON: success goes to `/`, a refusal back to `/login` with an error code
 * (never a message text from the URL, which anyone could craft) and the e-mail to refill.
 */
import 'server-only';
export function isNativeFormPost(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  const isForm = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  return isForm && accept.includes('text/html');
}

export type LoginErrorCode = 'credentials' | 'throttled' | 'error';

export function loginErrorCode(status: number): LoginErrorCode {
  if (status === 429) return 'throttled';
  if (status === 422) return 'credentials';
  return 'error';
}

/** Turns the JSON answer of the login handler into the redirect a browser's own form post expects. */
export function asPageRedirect(result: Response, email: string): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (result.ok) {
    headers.set('location', '/');
  } else {
    const params = new URLSearchParams({ error: loginErrorCode(result.status) });
    if (email) params.set('email', email);
    headers.set('location', `/login?${params}`);
  }
  void result.body?.cancel();
  return new Response(null, { status: 303, headers });
}
