/** @jest-environment node */
import { asPageRedirect, isNativeFormPost, loginErrorCode } from '@/lib/bff/native-form';

const post = (headers: Record<string, string>) =>
  new Request('http://demo.localhost/auth/login', { method: 'POST', headers });

describe('isNativeFormPost', () => {
  it('is a form body asking for a page', () => {
    expect(
      isNativeFormPost(post({ 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*' })),
    ).toBe(true);
  });
  it('is not the page script asking for JSON', () => {
    expect(isNativeFormPost(post({ 'content-type': 'application/json', accept: 'application/json' }))).toBe(false);
    expect(
      isNativeFormPost(post({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' })),
    ).toBe(false);
  });
});

describe('asPageRedirect', () => {
  it('sends a success to /', () => {
    const res = asPageRedirect(new Response(null, { status: 204 }), 'a@b.hu');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });
  it('sends a refusal back to /login with a code and the e-mail, never a message text', () => {
    const res = asPageRedirect(new Response('{"message":"x"}', { status: 422 }), 'a@b.hu');
    expect(res.headers.get('location')).toBe('/login?error=credentials&email=a%40b.hu');
    expect(loginErrorCode(429)).toBe('throttled');
    expect(loginErrorCode(502)).toBe('error');
  });
});
