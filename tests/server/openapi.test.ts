/**
 * docs/openapi.json is the routes' document as they are (npm run openapi writes it): generated
 * again here and compared, so a route or schema changed without the document fails.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { OPENAPI_FILE, openapiDocument } from '../../server/src/openapi';

test('docs/openapi.json is current (else: npm run openapi)', async () => {
  const document = await openapiDocument();
  const written = await readFile(OPENAPI_FILE, 'utf8');
  assert.ok(written === document, 'docs/openapi.json is stale: run npm run openapi and commit it');
  const parsed = JSON.parse(document) as {
    paths: Record<string, Record<string, { 'x-pulzus-web-app'?: string; responses: Record<string, unknown> }>>;
  };
  // Every operation says whether the web app needs it; the test-only routes are not in it.
  const operations = Object.entries(parsed.paths).flatMap(([url, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${url}`, op })),
  );
  assert.ok(operations.length > 50);
  for (const { key, op } of operations) {
    assert.ok(['required', 'optional'].includes(op['x-pulzus-web-app'] ?? ''), `${key}: x-pulzus-web-app`);
    assert.ok(!key.includes('/_test/'), `${key}: a test-only route in the document`);
  }
  const optional = operations.filter((o) => o.op['x-pulzus-web-app'] === 'optional').map((o) => o.key);
  for (const key of [
    'GET /api/opening-hours',
    'GET /api/music-plan',
    'GET /api/blocked-tracks',
    'GET /api/reports/weekly',
    'POST /api/players/{id}/output',
    'POST /api/players/{id}/played',
    'POST /api/players/{id}/spots/play',
    'GET /api/play-log',
    'GET /api/play-log/spots',
    'GET /api/play-log/export',
  ])
    assert.ok(optional.includes(key), `${key} is optional to the web app`);
  assert.ok(!optional.includes('GET /api/players'), 'the player is required');
});
