/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadOrCreateSecrets, parseWebEnv } from '@/lib/env';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pulzus-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('parseWebEnv', () => {
  it('has the documented defaults and creates secrets.json when secrets are missing', () => {
    const e = parseWebEnv({ DATA_DIR: dir });
    expect(e.tenantApiUrl).toBe('http://127.0.0.1:4000');
    expect(e.appDomain).toBe('localhost');
    expect(e.defaultTenant).toBe('demo');
    const file = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(Object.keys(file).sort()).toEqual(
      ['appKey', 'bffSecret', 'pusherAppId', 'pusherKey', 'pusherSecret', 'sessionSecret'].sort(),
    );
    expect(e.bffSecret).toBe(file.bffSecret);
    expect(e.sessionSecret).toBe(file.sessionSecret);
  });

  it('reads an existing secrets.json instead of replacing it', () => {
    const first = loadOrCreateSecrets(dir);
    const second = loadOrCreateSecrets(dir);
    expect(second).toEqual(first);
  });

  it('prefers the environment and then needs no file', () => {
    const e = parseWebEnv({ DATA_DIR: path.join(dir, 'none'), BFF_SECRET: 'x'.repeat(32), SESSION_SECRET: 'y'.repeat(32) });
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
    expect(e.appDomain).toBe('localhost');
  });

  it('explains what is wrong', () => {
    expect(() => parseWebEnv({ DATA_DIR: dir, TENANT_API_URL: 'ftp://x' })).toThrow(/TENANT_API_URL: must be an http/);
    expect(() => parseWebEnv({ DATA_DIR: dir, DEFAULT_TENANT: 'Bad_Slug' })).toThrow(/DEFAULT_TENANT/);
    expect(() => parseWebEnv({ DATA_DIR: dir, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32/);
    expect(() => parseWebEnv({ DATA_DIR: dir, SECURE_COOKIES: 'yes please' })).toThrow(/SECURE_COOKIES: must be 1 or 0/);
  });

  it('names the file when secrets.json is broken', () => {
    writeFileSync(path.join(dir, 'secrets.json'), '{"appKey":"x"}');
    expect(() => parseWebEnv({ DATA_DIR: dir })).toThrow(/secrets\.json is not valid/);
  });
});
