import { cookieHeader, mergeSetCookies, parseSetCookie, xsrfToken } from '@/lib/bff/cookie-jar';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseSetCookie', () => {
  it('reads name and value, ignoring attributes', () => {
    expect(parseSetCookie('pulzus_session=abc; Path=/; HttpOnly; SameSite=Lax', NOW)).toEqual({
      name: 'pulzus_session',
      value: 'abc',
      deleted: false,
      expires: null,
    });
  });
  it('keeps = inside the value', () => {
    expect(parseSetCookie('XSRF-TOKEN=a%3Db==; Path=/', NOW)?.value).toBe('a%3Db==');
  });
  it('treats Max-Age=0, past Expires and an empty value as deletion', () => {
    expect(parseSetCookie('a=1; Max-Age=0', NOW)?.deleted).toBe(true);
    expect(parseSetCookie('a=1; max-age=-1', NOW)?.deleted).toBe(true);
    expect(parseSetCookie('a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.deleted).toBe(true);
    expect(parseSetCookie('a=; Path=/', NOW)?.deleted).toBe(true);
  });
  it('lets Max-Age win over Expires', () => {
    expect(parseSetCookie('a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=60', NOW)?.deleted).toBe(false);
    expect(parseSetCookie('a=1; Max-Age=60; Expires=Thu, 01 Jan 1970 00:00:00 GMT', NOW)?.deleted).toBe(false);
  });
  it('keeps a future Expires', () => {
    expect(parseSetCookie('a=1; Expires=Fri, 01 Jan 2027 00:00:00 GMT', NOW)?.deleted).toBe(false);
  });
  it('ignores garbage', () => {
    expect(parseSetCookie('novalue', NOW)).toBeNull();
    expect(parseSetCookie('=x', NOW)).toBeNull();
  });
});

describe('mergeSetCookies', () => {
  it('adds, replaces and deletes by name', () => {
    const jar = { pulzus_session: 'old', 'XSRF-TOKEN': 't1', remember_web_x: 'r' };
    const { jar: next, changed } = mergeSetCookies(
      jar,
      ['pulzus_session=new; Path=/; HttpOnly', 'XSRF-TOKEN=t2; Path=/', 'remember_web_x=; Max-Age=0', 'other=1'],
      NOW,
    );
    expect(changed).toBe(true);
    expect(next).toEqual({ pulzus_session: 'new', 'XSRF-TOKEN': 't2', other: '1' });
    expect(jar.pulzus_session).toBe('old');
  });
  it('reports no change when the values are the same', () => {
    const r = mergeSetCookies({ a: '1' }, ['a=1; Path=/', 'b=; Max-Age=0'], NOW);
    expect(r.changed).toBe(false);
  });
  it('applies lines in order', () => {
    expect(mergeSetCookies({}, ['a=1', 'a=; Max-Age=0', 'a=2'], NOW).jar).toEqual({ a: '2' });
  });
});

describe('cookieHeader / xsrfToken', () => {
  it('sends the whole jar', () => {
    expect(cookieHeader({ a: '1', b: '2' })).toBe('a=1; b=2');
    expect(cookieHeader({})).toBeNull();
  });
  it('URL-decodes the XSRF token', () => {
    expect(xsrfToken({ 'XSRF-TOKEN': 'eyJ%3D%3D' })).toBe('eyJ==');
    expect(xsrfToken({ 'XSRF-TOKEN': '%E0%A4%A' })).toBe('%E0%A4%A');
    expect(xsrfToken({})).toBeNull();
  });
});
