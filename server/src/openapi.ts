import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadConfig } from './env';

/**
 * docs/openapi.json: the OpenAPI document of the tenant API, the contract a Laravel implementation
 * follows (README.md). Written by `npm run openapi`; tests/server/openapi.test.ts fails when it is
 * stale. Generated from the routes as registered (their zod schemas), on a throwaway in-memory
 * database, with a fixed configuration so nothing of this machine or this moment gets in.
 */
export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

/** The contract's version in the document (`info.version`): raised when the API changes incompatibly. */
export const API_VERSION = '1';

/** Objects' keys sorted (a schema's `properties` keep the field order), so the file diffs well. */
function sorted(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => sorted(v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (parentKey !== 'properties') entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sorted(v, k)]));
}

/** The document as the file holds it (pretty-printed, sorted, ending in a newline). */
export async function openapiDocument(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pulzus-openapi-'));
  const database = await openDatabase({ kind: 'memory' });
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      APP_KEY: 'openapi',
      BFF_SECRET: 'openapi',
      PUSHER_APP_ID: 'openapi',
      PUSHER_KEY: 'openapi',
      PUSHER_SECRET: 'openapi',
      SCHEDULER_ENABLED: '0',
      LOUDNESS_MEASURE: '0',
    });
    const app = await buildApp({ config, database, logger: false, openapi: { version: API_VERSION } });
    try {
      await app.ready();
      const document = app.swagger() as { components?: { schemas?: Record<string, unknown> } };
      // The named schemas come in an input and an output variant each: those nothing refers to go.
      const schemas = document.components?.schemas ?? {};
      for (let dropped = true; dropped;) {
        dropped = false;
        for (const name of Object.keys(schemas)) {
          const { [name]: _self, ...others } = schemas;
          const text = JSON.stringify({ ...document, components: { ...document.components, schemas: others } });
          if (!text.includes(`"#/components/schemas/${name}"`)) dropped = delete schemas[name];
        }
      }
      return `${JSON.stringify(sorted(document), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `npm run openapi`: writes docs/openapi.json (`--check`: fails when it is stale instead). */
async function main() {
  const document = await openapiDocument();
  if (process.argv.includes('--check')) {
    const current = await readFile(OPENAPI_FILE, 'utf8').catch(() => '');
    if (current !== document) {
      console.error(`${path.relative(process.cwd(), OPENAPI_FILE)} is stale: run npm run openapi`);
      process.exit(1);
    }
    return;
  }
  await writeFile(OPENAPI_FILE, document);
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
