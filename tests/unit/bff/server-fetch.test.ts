/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// Server components' request scope, as Next gives it: the tenant set by proxy.ts, no sealed cookie.
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'demo.localhost:3000', 'x-pulzus-tenant': 'demo' }),
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));

/** What a Laravel API answers (the peer's verbatim bodies): a route it lacks is a 404 with an empty message. */
const ANSWERS: Record<string, [number, string]> = {
  '/api/channels': [200, '[{"id":1,"name":"Reggeli kávé"}]'],
  '/api/channels/subcategories': [404, '{"message":""}'],
  '/api/broken': [500, '{"message":"Server Error"}'],
  '/api/odd': [200, '{"unexpected":true}'],
  '/api/me': [401, '{"message":"Unauthenticated."}'],
};

let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body] = ANSWERS[req.url ?? ''] ?? [404, '{"message":""}'];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.TENANT_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.BFF_SECRET = 'b'.repeat(40);
  process.env.SESSION_SECRET = 's'.repeat(40);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const list = z.array(z.object({ id: z.number(), name: z.string() }));

/** The digest Next's redirect() / notFound() throw with. */
async function digestOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { digest?: unknown }).digest ?? error);
  }
  throw new Error('expected a throw');
}

describe('apiGetOptional: a section of a page', () => {
  it('reads what the API serves', async () => {
    const { apiGetOptional } = await import('@/lib/bff/server-fetch');
    await expect(apiGetOptional('/api/channels', list)).resolves.toEqual([{ id: 1, name: 'Reggeli kávé' }]);
  });

  it('is empty, not the not-found page, when the API does not serve the call, fails, or answers something unreadable', async () => {
    const { apiGetOptional } = await import('@/lib/bff/server-fetch');
    await expect(apiGetOptional('/api/channels/subcategories', list)).resolves.toBeNull();
    await expect(apiGetOptional('/api/broken', list)).resolves.toBeNull();
    await expect(apiGetOptional('/api/odd', list)).resolves.toBeNull();
  });

  it('still logs a visitor out on 401', async () => {
    const { apiGetOptional } = await import('@/lib/bff/server-fetch');
    const digest = await digestOf(apiGetOptional('/api/me', z.unknown()));
    expect(digest).toMatch(/^NEXT_REDIRECT;.*\/auth\/expired/);
  });
});

describe("apiGet: what the page can't do without", () => {
  it('is the not-found page on 404, an error on 500', async () => {
    const { apiGet, UpstreamApiError } = await import('@/lib/bff/server-fetch');
    expect(await digestOf(apiGet('/api/channels/subcategories', list))).toMatch(/404/);
    await expect(apiGet('/api/broken', list)).rejects.toBeInstanceOf(UpstreamApiError);
  });

  it('apiGetUnless404 answers null on 404, so the page can look elsewhere', async () => {
    const { apiGetUnless404 } = await import('@/lib/bff/server-fetch');
    await expect(apiGetUnless404('/api/channels/subcategories', list)).resolves.toBeNull();
    await expect(apiGetUnless404('/api/channels', list)).resolves.toHaveLength(1);
  });
});
