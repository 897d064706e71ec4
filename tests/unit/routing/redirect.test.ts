import { classifyPath, redirectTarget } from '@/lib/routing/redirect';

describe('classifyPath', () => {
  it.each([
    ['/', 'root'],
    ['/login', 'guest'],
    ['/forgot', 'guest'],
    ['/reset/abc123', 'guest'],
    ['/channels', 'app'],
    ['/channels/5', 'app'],
    ['/mixer/3', 'app'],
    ['/settings', 'app'],
    ['/loginx', 'app'],
    ['/api/me', 'passthrough'],
    ['/auth/login', 'passthrough'],
    ['/auth/expired', 'passthrough'],
    ['/broadcasting/auth', 'passthrough'],
    ['/_next/static/chunks/a.js', 'passthrough'],
    ['/_not-found', 'passthrough'],
    ['/_next/image', 'passthrough'],
    ['/favicon.ico', 'passthrough'],
    ['/img/top_radio.jpeg', 'passthrough'],
    ['/robots.txt', 'passthrough'],
    ['/screen/aB3dE5fG7hJ9', 'passthrough'],
    ['/screens', 'app'],
  ])('%s is %s', (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});

describe('redirectTarget', () => {
  it('sends guests on app routes to /login', () => {
    expect(redirectTarget('/channels', false)).toBe('/login');
    expect(redirectTarget('/mixer/1', false)).toBe('/login');
    expect(redirectTarget('/', false)).toBe('/login');
  });
  it('lets a logged-out TV open a screen page', () => {
    expect(redirectTarget('/screen/aB3dE5fG7hJ9', false)).toBeNull();
    expect(redirectTarget('/screen/aB3dE5fG7hJ9', true)).toBeNull();
  });
  it('lets guests see the guest pages', () => {
    expect(redirectTarget('/login', false)).toBeNull();
    expect(redirectTarget('/forgot', false)).toBeNull();
    expect(redirectTarget('/reset/tok', false)).toBeNull();
  });
  it('leaves the guest pages to the page itself when the seal says logged in (it asks the API first)', () => {
    expect(redirectTarget('/login', true)).toBeNull();
    expect(redirectTarget('/forgot', true)).toBeNull();
    expect(redirectTarget('/reset/tok', true)).toBeNull();
  });
  it('sends / to /channels when logged in', () => {
    expect(redirectTarget('/', true)).toBe('/channels');
    expect(redirectTarget('/channels', true)).toBeNull();
  });
  it('never touches api, auth, assets', () => {
    for (const loggedIn of [true, false]) {
      expect(redirectTarget('/api/me', loggedIn)).toBeNull();
      expect(redirectTarget('/auth/logout', loggedIn)).toBeNull();
      expect(redirectTarget('/_next/static/x.css', loggedIn)).toBeNull();
      expect(redirectTarget('/img/logo.png', loggedIn)).toBeNull();
    }
  });
});
