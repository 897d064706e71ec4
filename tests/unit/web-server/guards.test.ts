/** @jest-environment node */
import type { ServerResponse } from 'node:http';
import { answerMethodNotAllowed, methodNotAllowed } from '@/lib/web-server/guards';

describe('the auth route handlers’ methods', () => {
  it('lets their own methods through to Next', () => {
    expect(methodNotAllowed('POST', '/auth/login')).toBeNull();
    expect(methodNotAllowed('post', '/auth/logout?x=1')).toBeNull();
    expect(methodNotAllowed('GET', '/auth/expired')).toBeNull();
    expect(methodNotAllowed('HEAD', '/auth/expired')).toBeNull();
    expect(methodNotAllowed('OPTIONS', '/auth/login')).toBeNull();
    // Other paths are not its to judge.
    expect(methodNotAllowed('DELETE', '/login')).toBeNull();
    expect(methodNotAllowed('PUT', '/api/me')).toBeNull();
  });

  it('names the allowed methods of any other', () => {
    expect(methodNotAllowed('GET', '/auth/login')).toEqual(['POST']);
    expect(methodNotAllowed('DELETE', '/auth/logout')).toEqual(['POST']);
    expect(methodNotAllowed('POST', '/auth/expired')).toEqual(['GET']);
  });

  it('answers 405 in Hungarian, with Allow', () => {
    const head: { status?: number; headers?: Record<string, unknown>; body?: string } = {};
    const res = {
      writeHead(status: number, headers: Record<string, unknown>) {
        head.status = status;
        head.headers = headers;
        return this;
      },
      end(body: string) {
        head.body = body;
      },
    } as unknown as ServerResponse;
    answerMethodNotAllowed(res, ['POST']);
    expect(head.status).toBe(405);
    expect(head.headers).toMatchObject({ allow: 'POST', 'content-type': 'application/json' });
    expect(JSON.parse(head.body!)).toEqual({ message: 'A kérés módja nem megengedett.' });
  });
});
