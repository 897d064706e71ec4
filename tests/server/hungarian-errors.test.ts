/**
 * Every 4xx of the API speaks Hungarian: zod's own texts go through one error map
 * (contracts/zod-errors.ts), and each refusal the framework gives before a route runs (no such
 * route or method, a malformed, empty, oversized or foreign body) is in the house's words.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { hungarianIssueMessage } from '../../contracts/zod-errors';
import { openingHoursMessages } from '../../contracts/opening-hours';
import { Client, createTestApp, loggedIn, type TestApp } from './helpers';
import { isHungarianMessage } from './route-table';

let t: TestApp;
let user: Client;

before(async () => {
  t = await createTestApp();
  user = await loggedIn(t.app);
});
after(async () => {
  await t?.close();
});

describe('zod’s texts', () => {
  test('a schema with no message of its own refuses in Hungarian, for every kind of issue', () => {
    const cases: Array<[z.ZodType, unknown]> = [
      [z.string(), undefined],
      [z.string(), 5],
      [z.number(), 'x'],
      [z.boolean(), 'x'],
      [z.object({ a: z.string() }), []],
      [z.object({ a: z.string() }), {}],
      [z.array(z.string()), {}],
      [z.array(z.string()), [1]],
      [z.enum(['a', 'b']), 'c'],
      [z.literal('a'), 'b'],
      [z.string().min(3), 'ab'],
      [z.string().min(1), ''],
      [z.string().max(1), 'ab'],
      [z.number().min(1), 0],
      [z.number().gt(1), 1],
      [z.number().max(1), 2],
      [z.number().lt(1), 1],
      [z.number().int(), 1.5],
      [z.number().multipleOf(2), 3],
      [z.array(z.number()).min(2), [1]],
      [z.array(z.number()).max(0), [1]],
      [z.email(), 'x'],
      [z.string().regex(/^a$/), 'b'],
      [z.union([z.string(), z.number()]), null],
      [z.strictObject({ a: z.string().optional() }), { b: 1 }],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.string().refine(() => false), 'x'],
      [z.date(), 'x'],
    ];
    for (const [schema, input] of cases) {
      const result = schema.safeParse(input);
      assert.equal(result.success, false, JSON.stringify(input));
      for (const issue of result.error!.issues)
        assert.ok(isHungarianMessage(issue.message), `${issue.code} on ${JSON.stringify(input)}: ${issue.message}`);
    }
  });

  test('a schema’s own message still wins', () => {
    const result = z.string({ error: 'Saját üzenet.' }).safeParse(5);
    assert.equal(result.error!.issues[0]!.message, 'Saját üzenet.');
    assert.ok(isHungarianMessage(hungarianIssueMessage({ code: 'custom', input: 1, path: [] } as never)));
  });
});

describe('the API’s refusals', () => {
  test('a week of lists is refused under each day in Hungarian', async () => {
    const res = await user.post('/api/opening-hours', { week: [[], [], [], [], [], [], []] });
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().errors['week.0'], [openingHoursMessages.item]);
    assert.ok(isHungarianMessage(res.json().message), res.body);
  });

  test('the refusals before any route runs are in Hungarian', async () => {
    const json = { 'content-type': 'application/json' };
    const cases: Array<[string, string, number, { body?: string; headers?: Record<string, string>; xsrf?: boolean }]> =
      [
        ['GET', '/api/nothing-here', 404, {}],
        ['PUT', '/api/opening-hours', 404, { body: '{}', headers: json }],
        ['PROPFIND', '/api/me', 404, {}],
        ['GET', '/api/%E0%A4%A', 400, {}],
        ['POST', '/api/opening-hours', 400, { body: '{"week":', headers: json }],
        ['POST', '/api/opening-hours', 400, { body: '', headers: json }],
        ['POST', '/api/opening-hours', 400, { body: '{"__proto__":{"week":[]}}', headers: json }],
        [
          'POST',
          '/api/opening-hours',
          400,
          { body: '--x\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
        ],
        ['POST', '/api/opening-hours', 400, { body: 'a', headers: { 'content-type': 'multipart/form-data' } }],
        ['POST', '/api/opening-hours', 415, { body: 'week', headers: { 'content-type': 'text/plain' } }],
        ['POST', '/api/opening-hours', 413, { body: JSON.stringify({ week: 'x'.repeat(3_000_000) }), headers: json }],
        ['POST', '/api/opening-hours', 419, { body: '{}', headers: json, xsrf: false }],
      ];
    for (const [method, url, status, options] of cases) {
      const res = await user.request(method as 'GET', url, options);
      assert.equal(res.statusCode, status, `${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      assert.ok(isHungarianMessage(res.json().message), `${method} ${url}: ${res.body.slice(0, 200)}`);
    }
    const guest = await new Client(t.app).get('/api/me');
    assert.equal(guest.statusCode, 401);
    assert.ok(isHungarianMessage(guest.json().message), guest.body);
  });
});
