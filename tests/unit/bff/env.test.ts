/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readOrCreateSecrets } from '@/contracts/secrets.mjs';
import { parseWebEnv } from '@/lib/env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pulzus-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('parseWebEnv', () => {
  it('has the documented defaults and creates secrets.json when secrets are missing', () => {
    const e = parseWebEnv({ DATA_DIR: dir });
    expect(e.tenantApiUrl).toBe('http://127.0.0.1:4000');
    expect(e.appDomains).toEqual(['localhost']);
    expect(e.apiPublicUrl).toBe('http://127.0.0.1:4000');
    expect(e.cspExtraOrigins).toEqual([]);
    expect(e.defaultTenant).toBe('demo');
    const file = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(Object.keys(file).sort()).toEqual(
      ['appKey', 'bffSecret', 'pusherAppId', 'pusherKey', 'pusherSecret', 'sessionSecret'].sort(),
    );
    expect(e.bffSecret).toBe(file.bffSecret);
    expect(e.sessionSecret).toBe(file.sessionSecret);
  });

  it('reads an existing secrets.json instead of replacing it', () => {
    const first = readOrCreateSecrets(dir);
    const second = readOrCreateSecrets(dir);
    expect(second).toEqual(first);
  });

  it('prefers the environment and then needs no file', () => {
    const e = parseWebEnv({
      DATA_DIR: path.join(dir, 'none'),
      BFF_SECRET: 'x'.repeat(32),
      SESSION_SECRET: 'y'.repeat(32),
    });
    expect(e.bffSecret).toBe('x'.repeat(32));
    expect(() => readFileSync(path.join(dir, 'none', 'secrets.json'))).toThrow();
  });

  it('reads SECURE_COOKIES, off by default', () => {
    const base = { DATA_DIR: path.join(dir, 'none'), BFF_SECRET: 'x'.repeat(32), SESSION_SECRET: 'y'.repeat(32) };
    expect(parseWebEnv(base).secureCookies).toBe(false);
    expect(parseWebEnv({ ...base, SECURE_COOKIES: '1' }).secureCookies).toBe(true);
    expect(parseWebEnv({ ...base, SECURE_COOKIES: '0' }).secureCookies).toBe(false);
  });

  it('accepts a {tenant} template and empty strings as unset', () => {
    const e = parseWebEnv({ DATA_DIR: dir, TENANT_API_URL: 'https://{tenant}.api.example.com', APP_DOMAIN: '' });
    expect(e.tenantApiUrl).toBe('https://{tenant}.api.example.com');
    expect(e.appDomains).toEqual(['localhost']);
    expect(e.apiPublicUrl).toBe('https://{tenant}.api.example.com');
  });

  it('reads several APP_DOMAINs, API_PUBLIC_URL and CSP_EXTRA_ORIGINS', () => {
    const e = parseWebEnv({
      DATA_DIR: dir,
      APP_DOMAIN: 'Pulzus.hu, pulzus.com.',
      API_PUBLIC_URL: 'https://media.pulzus.hu',
      CSP_EXTRA_ORIGINS: 'wss://ws-eu.pusher.com, https://*.cdn.example.com',
    });
    expect(e.appDomains).toEqual(['pulzus.hu', 'pulzus.com']);
    expect(e.apiPublicUrl).toBe('https://media.pulzus.hu');
    expect(e.cspExtraOrigins).toEqual(['wss://ws-eu.pusher.com', 'https://*.cdn.example.com']);
    expect(() => parseWebEnv({ DATA_DIR: dir, APP_DOMAIN: 'https://pulzus.hu' })).toThrow(/APP_DOMAIN/);
    expect(() => parseWebEnv({ DATA_DIR: dir, CSP_EXTRA_ORIGINS: "https://x.example 'unsafe-inline'" })).toThrow(
      /CSP_EXTRA_ORIGINS/,
    );
    expect(() => parseWebEnv({ DATA_DIR: dir, API_PUBLIC_URL: 'ftp://x' })).toThrow(/API_PUBLIC_URL/);
  });

  it('explains what is wrong', () => {
    expect(() => parseWebEnv({ DATA_DIR: dir, TENANT_API_URL: 'ftp://x' })).toThrow(/TENANT_API_URL: must be an http/);
    expect(() => parseWebEnv({ DATA_DIR: dir, DEFAULT_TENANT: 'Bad_Slug' })).toThrow(/DEFAULT_TENANT/);
    expect(() => parseWebEnv({ DATA_DIR: dir, SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32/,
    );
    expect(() => parseWebEnv({ DATA_DIR: dir, SECURE_COOKIES: 'yes please' })).toThrow(
      /SECURE_COOKIES: must be 1 or 0/,
    );
  });

  it('names the file when secrets.json is broken', () => {
    writeFileSync(path.join(dir, 'secrets.json'), '{"appKey":"x"}');
    expect(() => parseWebEnv({ DATA_DIR: dir })).toThrow(/secrets\.json is not valid/);
  });
});

describe('the web real-time settings (for an API without /api/realtime-config)', () => {
  const secrets = { BFF_SECRET: 'b'.repeat(16), SESSION_SECRET: 's'.repeat(32) };

  it('is null without PUSHER_KEY', () => {
    expect(parseWebEnv({ DATA_DIR: dir, ...secrets }).realtime).toBeNull();
    expect(parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: '' }).realtime).toBeNull();
  });

  it('points at hosted Pusher on the EU cluster by default, over TLS', () => {
    expect(parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: 'abc123' }).realtime).toEqual({
      key: 'abc123',
      wsHost: 'ws-eu.pusher.com',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      cluster: 'eu',
    });
    expect(parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: 'k', PUSHER_CLUSTER: 'mt1' }).realtime?.wsHost).toBe(
      'ws-mt1.pusher.com',
    );
  });

  it('takes a self-hosted service from PUSHER_PUBLIC_HOST / _PORT / _TLS, plain unless told', () => {
    const plain = parseWebEnv({
      DATA_DIR: dir,
      ...secrets,
      PUSHER_KEY: 'k',
      PUSHER_PUBLIC_HOST: 'ws.shop.example',
      PUSHER_PUBLIC_PORT: '6001',
    });
    expect(plain.realtime).toMatchObject({ wsHost: 'ws.shop.example', wsPort: 6001, wssPort: 6001, forceTLS: false });
    const tls = parseWebEnv({
      DATA_DIR: dir,
      ...secrets,
      PUSHER_KEY: 'k',
      PUSHER_PUBLIC_HOST: 'ws.shop.example',
      PUSHER_PUBLIC_TLS: '1',
    });
    expect(tls.realtime).toMatchObject({ wsPort: 443, forceTLS: true });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: 'k', PUSHER_PUBLIC_PORT: '70000' })).toThrow(
      /PUSHER_PUBLIC_PORT/,
    );
    expect(() => parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: 'k', PUSHER_PUBLIC_HOST: 'https://x' })).toThrow(
      /PUSHER_PUBLIC_HOST/,
    );
    expect(() => parseWebEnv({ DATA_DIR: dir, ...secrets, PUSHER_KEY: 'k', PUSHER_PUBLIC_TLS: 'yes' })).toThrow(
      /PUSHER_PUBLIC_TLS/,
    );
  });
});
