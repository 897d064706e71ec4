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

describe('apiReadOptional: a section of a page', () => {
  it('reads what the API serves', async () => {
    const { apiReadOptional } = await import('@/lib/server/read');
    await expect(apiReadOptional('/api/channels', list)).resolves.toEqual([{ id: 1, name: 'Reggeli kávé' }]);
  });

  it('is empty, not the not-found page, when the API does not serve the call, fails, or answers something unreadable', async () => {
    const { apiReadOptional } = await import('@/lib/server/read');
    await expect(apiReadOptional('/api/channels/subcategories', list)).resolves.toBeNull();
    await expect(apiReadOptional('/api/broken', list)).resolves.toBeNull();
    await expect(apiReadOptional('/api/odd', list)).resolves.toBeNull();
  });

  it('still logs a visitor out on 401', async () => {
    const { apiReadOptional } = await import('@/lib/server/read');
    const digest = await digestOf(apiReadOptional('/api/me', z.unknown()));
    expect(digest).toMatch(/^NEXT_REDIRECT;.*\/auth\/expired/);
  });
});

describe("apiRead: what the page can't do without", () => {
  it('is the not-found page on 404, an error on 500', async () => {
    const { apiRead, UpstreamApiError } = await import('@/lib/server/read');
    expect(await digestOf(apiRead('/api/channels/subcategories', list))).toMatch(/404/);
    await expect(apiRead('/api/broken', list)).rejects.toBeInstanceOf(UpstreamApiError);
  });

  it('apiReadUnless404 answers null on 404, so the page can look elsewhere', async () => {
    const { apiReadUnless404 } = await import('@/lib/server/read');
    await expect(apiReadUnless404('/api/channels/subcategories', list)).resolves.toBeNull();
    await expect(apiReadUnless404('/api/channels', list)).resolves.toHaveLength(1);
  });
});
