/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Routes declare their input (`schema: { params, querystring, body }` with the contracts' zod
 * schemas); no handler under server/src/routes reads it by hand: no `validate()`, `collect()` or
 * `idParam()` call (nor `pageOf()`/`startTrackOf()`, which call `validate()` for it), and no cast of
 * `req.query` or `req.body`. The files not yet converted are listed with the hand readings they
 * still have: a file may only go down (then its allowance is lowered here), never up, and a new
 * route file starts at none.
 */
const root = path.resolve(__dirname, '../../..');
const routesDir = path.join(root, 'server/src/routes');

const HAND_READING = /\b(?:validate|collect|idParam|pageOf|startTrackOf)\(|\breq\.(?:query|body)\s+as\b/g;

/** Hand readings left per file (to be converted); every other route file has none. */
const NOT_YET_CONVERTED: Record<string, number> = {
  'broadcasting.ts': 3,
  'media.ts': 1,
  'play-log.ts': 5,
  'playlists.ts': 13,
  'pusher-api.ts': 1,
  'screens.ts': 4,
  'settings.ts': 3,
  'slideshows.ts': 4,
  'sounds.ts': 5,
  'spots.ts': 6,
};

function handReadings(text: string): string[] {
  // Comments may name the helpers; only code counts.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return [...code.matchAll(HAND_READING)].map((m) => m[0]);
}

describe('route files declare their shapes', () => {
  test('the detector sees each kind of hand reading and ignores comments', () => {
    expect(
      handReadings(
        [
          'const id = idParam(req.params.id);',
          'const body = validate(schema, bodyOf(req));',
          'collect(schema, body, errors);',
          'const q = req.query as Record<string, unknown>;',
          'const b = req.body  as { a: 1 };',
          'page: pageOf(req, req.params.page),',
          'trackId: startTrackOf(req),',
          '// validate(x) in a comment',
          '/* idParam(y) */',
          'const ok = req.body.name; revalidate(x); app.get(url, { schema }, h);',
        ].join('\n'),
      ),
    ).toEqual(['idParam(', 'validate(', 'collect(', 'req.query as', 'req.body  as', 'pageOf(', 'startTrackOf(']);
  });

  const files = readdirSync(routesDir).filter((name) => name.endsWith('.ts'));

  test.each(files)('%s reads no input by hand beyond its allowance', (name) => {
    const found = handReadings(readFileSync(path.join(routesDir, name), 'utf8'));
    expect({ name, count: found.length }).toEqual({ name, count: NOT_YET_CONVERTED[name] ?? 0 });
  });

  test('every file of the allowance list exists', () => {
    for (const name of Object.keys(NOT_YET_CONVERTED)) expect(files).toContain(name);
  });
});
