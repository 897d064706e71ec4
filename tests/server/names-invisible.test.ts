/**
 * Names refuse every invisible character (Unicode Cf, Cc, Zl, Zp: one rule in contracts/fields.ts),
 * in the middle or at an end, on every named thing: playlists, slideshows, screens, schedules,
 * spots and sounds; sound requests refuse them in their text. A zero-width joiner inside an emoji
 * ('👩‍🍳 Konyha') is part of the emoji and passes; alone it is refused. Free-text settings follow
 * the same rule. Names taken from uploaded file names lose these characters instead.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { settingMessages } from '../../contracts/settings';
import { DEFAULT_ASSETS_ROOT } from '../../server/src/storage';
import { createTestApp, loggedIn, multipart, PNG, rowCount, type Client, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let spotId: number;

const CONTROL = 'A név nem tartalmazhat sortörést vagy vezérlőkaraktert.';
const BIDI = 'A név nem tartalmazhat szövegirány-vezérlő karaktert.';
const TEXT_CONTROL = 'A leírás nem tartalmazhat vezérlőkaraktert.';

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
/** The characters of the issue, with the message each gets on a name. */
const INVISIBLE: Array<[string, string]> = [
  ['\u200E', BIDI],
  ['\u200F', BIDI],
  ['\u061C', BIDI],
  ['\u2028', CONTROL],
  ['\u2029', CONTROL],
  ['\u0085', CONTROL],
  ['\u0080', CONTROL],
  ['\u009F', CONTROL],
  ['\u200B', CONTROL],
  ['\uFEFF', CONTROL],
  ['\u00AD', CONTROL],
  ['\u2060', CONTROL],
  ['\u{E0041}', CONTROL],
];
const EMOJI_NAMES = ['👩‍🍳 Konyha', '👨🏽‍🍳 Séf', '🏳️‍🌈 Pride', '🧑‍🤝‍🧑 Pár'];
const LONE_JOINERS = ['\u200D', 'Kon\u200Dyha', 'Konyha\u200D', '👩\u200D Konyha', 'a\u200D🍳'];

/** A `name`-taking create of each kind: sends the name, answers the response. */
const creates: Record<string, (name: string) => Promise<{ statusCode: number; body: string }>> = {
  playlists: (name) => a.post('/api/playlists', { name }),
  slideshows: (name) => a.post('/api/slideshows', { name }),
  screens: (name) => a.post('/api/screens', { name }),
  schedules: (name) => a.post('/api/scheduled-contents', { name, spots: [spotId] }),
  spots: (name) => a.post(`/api/spots/${spotId}`, { name }),
  'sound requests': (description) => a.post('/api/sounds/requests', { description }),
};
const tables: Record<string, string> = {
  playlists: 'playlists',
  slideshows: 'slideshows',
  screens: 'screens',
  schedules: 'scheduled_contents',
  spots: 'spots',
  'sound requests': 'sound_requests',
};

const errorsOf = (res: { statusCode: number; body: string }, what: string) => {
  assert.equal(res.statusCode, 422, `${what}: ${res.body}`);
  return (JSON.parse(res.body) as { errors: Record<string, string[]> }).errors;
};

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  spotId = (await a.get('/api/spots')).json()[0].id;
});
after(async () => {
  await t?.close();
});

describe('names refuse invisible characters', () => {
  for (const [kind, send] of Object.entries(creates)) {
    test(`${kind}: each listed character, inside or at an end, is refused and nothing is saved`, async () => {
      const field = kind === 'sound requests' ? 'description' : 'name';
      const rows = await rowCount(t, tables[kind]!);
      const before = kind === 'spots' ? (await a.get('/api/spots')).json()[0].name : undefined;
      for (const [c, message] of INVISIBLE) {
        for (const name of [`Kas${c}sza`, `Kassza${c}`, `${c}Kassza`]) {
          const expected = field === 'description' ? TEXT_CONTROL : message;
          assert.deepEqual(
            errorsOf(await send(name), `${kind} ${hex(c)}`),
            { [field]: [expected] },
            `${kind} ${hex(c)} in ${JSON.stringify(name)}`,
          );
        }
      }
      for (const name of LONE_JOINERS) {
        const expected = field === 'description' ? TEXT_CONTROL : CONTROL;
        assert.deepEqual(errorsOf(await send(name), `${kind} ${JSON.stringify(name)}`), { [field]: [expected] });
      }
      assert.equal(await rowCount(t, tables[kind]!), rows, 'a refused name saved a row');
      if (before !== undefined) assert.equal((await a.get('/api/spots')).json()[0].name, before);
    });

    test(`${kind}: a joiner inside an emoji passes, kept as sent`, async () => {
      for (const name of EMOJI_NAMES) {
        const res = await send(name);
        assert.ok(res.statusCode === 200 || res.statusCode === 201, `${kind} ${name}: ${res.statusCode} ${res.body}`);
        assert.equal(JSON.parse(res.body)[kind === 'sound requests' ? 'description' : 'name'], name);
      }
    });
  }

  test('own sounds: the name is refused on upload too; a description keeps its line breaks', async () => {
    const mp3 = await readFile(path.join(DEFAULT_ASSETS_ROOT, 'audio/sounds/gong.mp3'));
    const { body, headers } = multipart({ name: 'Gong\u200B' }, [
      { filename: 'gong.mp3', type: 'audio/mpeg', data: mp3 },
    ]);
    assert.deepEqual(errorsOf(await a.post('/api/sounds', body, { headers }), 'sound'), { name: [CONTROL] });
    const lines = await a.post('/api/sounds/requests', { description: 'Első sor\r\nmásodik\tsor' });
    assert.equal(lines.statusCode, 201, lines.body);
  });
});

test('free-text settings refuse them as names do', async () => {
  const customer = (await t.database.db.execute(
    `select id from customers where slug = 'demo'` as never,
  )) as unknown as { rows: Array<{ id: number }> };
  const inserted = (await t.database.db.execute(
    `insert into settings (customer_id, key, value) values (${customer.rows[0]!.id}, 'bolt_megjegyzes', 'Nyitva') returning id` as never,
  )) as unknown as { rows: Array<{ id: number }> };
  const id = inserted.rows[0]!.id;
  for (const [c] of INVISIBLE) {
    assert.deepEqual(
      errorsOf(await a.post(`/api/settings/${id}`, { key: 'bolt_megjegyzes', value: `Nyit${c}va` }), hex(c)),
      {
        value: [settingMessages.valueControl],
      },
    );
  }
  const ok = await a.post(`/api/settings/${id}`, { key: 'bolt_megjegyzes', value: '👩‍🍳 8–20' });
  assert.equal(ok.statusCode, 200, ok.body);
});

describe('names from file names lose invisible characters', () => {
  test('a slide and a spot keep their file name without them; emoji stay whole', async () => {
    const slideshow = (await a.post('/api/slideshows', { name: 'Fájlnevek' })).json().id as number;
    const slide = multipart({}, [
      { filename: '\u202Egnp.\u200Bakció\u00AD\u2028kép\uFEFF 👩‍🍳.png', type: 'image/png', data: PNG },
    ]);
    const image = await a.post(`/api/slideshows/${slideshow}/image`, slide.body, { headers: slide.headers });
    assert.equal(image.statusCode, 201, image.body);
    assert.equal(image.json().name, 'gnp.akciókép 👩‍🍳.png');
    const blank = multipart({}, [{ filename: '\u200B\u200E.', type: 'image/png', data: PNG }]);
    const second = await a.post(`/api/slideshows/${slideshow}/image`, blank.body, { headers: blank.headers });
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json().name, '.');

    const mp3 = await readFile(path.join(DEFAULT_ASSETS_ROOT, 'audio/sounds/gong.mp3'));
    const spot = multipart({ name: 'Szpot' }, [
      { filename: 'szpot\u0085\u061C\u200D.mp3', type: 'audio/mpeg', data: mp3 },
    ]);
    const res = await a.post('/api/spots', spot.body, { headers: spot.headers });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().file_name, 'szpot.mp3');
  });
});
