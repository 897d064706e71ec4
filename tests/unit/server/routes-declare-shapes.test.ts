/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Routes declare their input (`schema: { params, querystring, body }` with the contracts' zod
 * schemas); no handler under server/src/routes reads it by hand: no `validate()`, `collect()` or
 * `idParam()` call (nor `pageOf()`/`startTrackOf()`, which called `validate()` for it), and no cast
 * of `req.query` or `req.body`. What a schema cannot carry is not read by hand either: a multipart
 * file streams through http/uploads.ts and is judged there, and Pusher's signed HTTP API keeps its
 * body raw for the signature's md5 (pusher-api.ts judges it after the signature, in Pusher's words).
 */
const root = path.resolve(__dirname, '../../..');
const routesDir = path.join(root, 'server/src/routes');

const HAND_READING = /\b(?:validate|collect|idParam|pageOf|startTrackOf)\(|\breq\.(?:query|body)\s+as\b/g;

/**
 * The only hand readings left, each by the exact code it starts with and why a route schema cannot
 * make it; any other reading, in these files too, fails.
 */
const JUDGED_IN_HANDLER: Record<string, Array<{ code: string; why: string }>> = {
  'settings.ts': [
    {
      code: 'collect(settingValueSchema(row.key)',
      why: "the value's rule is the setting row's key's (logo, time zone, the sound settings), and the row is the database's: judged once it is found, beside the key's errors",
    },
  ],
  'playlists.ts': [
    {
      code: 'collect(allTracksBodySchema',
      why: "a bad name fails the declared schema, which then gives no tracks: they are read again so the ids the database does not know are reported beside the name's error, in one 422",
    },
  ],
};

function codeOf(text: string): string {
  // Comments may name the helpers; only code counts.
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

function handReadings(text: string): string[] {
  return [...codeOf(text).matchAll(HAND_READING)].map((m) => m[0]);
}

/** The hand readings of a file not among its named exceptions (each exception used once at most). */
function unexplainedReadings(name: string, text: string): string[] {
  const code = codeOf(text);
  const left = [...(JUDGED_IN_HANDLER[name] ?? [])];
  const found: string[] = [];
  for (const m of code.matchAll(HAND_READING)) {
    const at = left.findIndex((e) => code.startsWith(e.code, m.index));
    if (at === -1) found.push(code.slice(m.index, m.index + 60));
    else left.splice(at, 1);
  }
  return found;
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

  test.each(files)('%s reads no input by hand', (name) => {
    expect({ name, readings: unexplainedReadings(name, readFileSync(path.join(routesDir, name), 'utf8')) }).toEqual({
      name,
      readings: [],
    });
  });

  test('each named exception is still there (else it is removed here) and is the only one of its kind', () => {
    for (const [name, exceptions] of Object.entries(JUDGED_IN_HANDLER)) {
      const code = codeOf(readFileSync(path.join(routesDir, name), 'utf8'));
      for (const { code: start } of exceptions)
        expect({ name, start, times: code.split(start).length - 1 }).toEqual({ name, start, times: 1 });
    }
  });

  test('an exception covers its own code only', () => {
    const name = Object.keys(JUDGED_IN_HANDLER)[0]!;
    const { code } = JUDGED_IN_HANDLER[name]![0]!;
    expect(unexplainedReadings(name, `${code}, a, b);`)).toEqual([]);
    expect(unexplainedReadings(name, `${code}, a, b); ${code}, c, d);`)).toHaveLength(1);
    expect(unexplainedReadings(name, 'validate(schema, req.body);')).toHaveLength(1);
    expect(unexplainedReadings('other.ts', `${code}, a, b);`)).toHaveLength(1);
  });
});
