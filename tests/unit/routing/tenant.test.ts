import { hostName, isValidSlug, tenantFromHost, upstreamBaseUrl, upstreamUrl } from '@/lib/routing/tenant';

const opts = { appDomains: ['localhost'], defaultTenant: 'demo' };

describe('tenantFromHost', () => {
  it.each([
    ['demo.localhost:3000', 'demo'],
    ['other.localhost:3000', 'other'],
    ['OTHER.localhost', 'other'],
    ['shop-7.localhost.', 'shop-7'],
    ['localhost', 'demo'],
    ['localhost:3000', 'demo'],
    ['127.0.0.1', 'demo'],
    ['127.0.0.1:3000', 'demo'],
    ['[::1]', 'demo'],
    ['[::1]:3000', 'demo'],
    ['[2001:db8::1]:3000', 'demo'],
    ['', 'demo'],
  ])('%s → %s', (host, slug) => {
    expect(tenantFromHost(host, opts)).toBe(slug);
  });

  it('uses the default without a Host header', () => {
    expect(tenantFromHost(null, opts)).toBe('demo');
  });

  // Served as the default shop before; the rule that took the first label of any host with three
  // or more labels (`shop.tenants.example.com` → shop) is gone with it.
  it.each([
    'evil.example',
    'evil.example:3000',
    'shop.tenants.example.com',
    'myhost',
    'localhost.evil.example',
    'evil-localhost',
    'evil.example:1:2',
  ])('refuses the host %s that is not ours', (host) => {
    expect(tenantFromHost(host, opts)).toBeNull();
  });

  it.each(['bad_slug.localhost', 'a.b.localhost', `${'x'.repeat(64)}.localhost`, 'sp ce.localhost', 'é.localhost'])(
    'rejects %s',
    (host) => {
      expect(tenantFromHost(host, opts)).toBeNull();
    },
  );

  it('works with real APP_DOMAINs, several of them', () => {
    const o = { appDomains: ['pulzus.hu', 'pulzus.com'], defaultTenant: 'demo' };
    expect(tenantFromHost('bolt.pulzus.hu', o)).toBe('bolt');
    expect(tenantFromHost('pulzus.hu', o)).toBe('demo');
    expect(tenantFromHost('pulzus.hu:443', o)).toBe('demo');
    expect(tenantFromHost('bolt.pulzus.com', o)).toBe('bolt');
    expect(tenantFromHost('localhost:3000', o)).toBe('demo');
    expect(tenantFromHost('127.0.0.1', o)).toBe('demo');
    // localhost's sub-domains are shops only when localhost is one of the domains.
    expect(tenantFromHost('bolt.localhost', o)).toBeNull();
    expect(tenantFromHost('pulzus.hu.evil.example', o)).toBeNull();
    expect(tenantFromHost('evilpulzus.hu', o)).toBeNull();
  });
});

describe('hostName', () => {
  it('strips port and brackets', () => {
    expect(hostName('Demo.Localhost:3000')).toBe('demo.localhost');
    expect(hostName('[::1]:80')).toBe('::1');
    expect(hostName('::1')).toBe('::1');
  });
});

describe('isValidSlug', () => {
  it('allows [a-z0-9-]{1,63}', () => {
    expect(isValidSlug('demo')).toBe(true);
    expect(isValidSlug('a'.repeat(63))).toBe(true);
    expect(isValidSlug('a'.repeat(64))).toBe(false);
    expect(isValidSlug('')).toBe(false);
    expect(isValidSlug('Demo')).toBe(false);
  });
});

describe('upstreamBaseUrl', () => {
  it('keeps a plain base and trims the slash', () => {
    expect(upstreamBaseUrl('http://127.0.0.1:4000/', 'demo')).toBe('http://127.0.0.1:4000');
  });
  it('fills the {tenant} template', () => {
    expect(upstreamBaseUrl('https://{tenant}.api.example.com', 'other')).toBe('https://other.api.example.com');
    expect(upstreamBaseUrl('http://api.internal/{tenant}/', 'demo')).toBe('http://api.internal/demo');
  });
  it('refuses an invalid slug instead of building a URL from it', () => {
    expect(() => upstreamBaseUrl('http://{tenant}.x', 'evil.com/')).toThrow();
  });
  it('joins paths', () => {
    expect(upstreamUrl('http://a:1', '/api/me?x=1')).toBe('http://a:1/api/me?x=1');
    expect(upstreamUrl('http://a:1/base', 'api/me')).toBe('http://a:1/base/api/me');
  });
});
