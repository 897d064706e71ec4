import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { trackSchema } from '../../contracts/tracks';
import { Client, createTestApp, loggedIn, type TestApp } from './helpers';

/**
 * Names refuse the bidirectional-text controls (U+202A–U+202E, U+2066–U+2069): a name holding one can
 * show reversed or disguised text to every device of the shop. The rule sits in the contract's name
 * field, so every route taking a `name` answers the same 422.
 */
let t: TestApp;
let a: Client;
let trackIds: number[];

const FORM = { headers: { 'content-type': 'application/x-www-form-urlencoded' } };
const BIDI = 'A név nem tartalmazhat szövegirány-vezérlő karaktert.';
const CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) =>
  String.fromCodePoint(c),
);

const errorsOf = (res: { statusCode: number; body: string }) => {
  assert.equal(res.statusCode, 422, res.body);
  return (JSON.parse(res.body) as { errors: Record<string, string[]> }).errors;
};

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  trackIds = z
    .array(trackSchema)
    .parse(JSON.parse((await a.get('/api/channels/1/tracks')).body))
    .map((x) => x.id);
});
after(async () => {
  await t.close();
});

describe('names refuse bidi controls', () => {
  test('create: every bidi control → 422 on errors.name, nothing saved', async () => {
    const before = JSON.parse((await a.get('/api/playlists')).body) as unknown[];
    for (const c of CONTROLS) {
      assert.deepEqual(
        errorsOf(await a.post('/api/playlists', { name: `Kassza${c}txt.exe` })),
        { name: [BIDI] },
        `U+${c.codePointAt(0)!.toString(16)}`,
      );
    }
    // Form-encoded too (U+202E is %E2%80%AE).
    assert.deepEqual(errorsOf(await a.post('/api/playlists', 'name=abc%E2%80%AEgpj.exe', FORM)), { name: [BIDI] });
    assert.equal((JSON.parse((await a.get('/api/playlists')).body) as unknown[]).length, before.length);
  });

  test('rename and create-from-tracks refuse them too; plain names still pass', async () => {
    const created = await a.post('/api/playlists', { name: 'Pénztár' });
    assert.equal(created.statusCode, 201, created.body);
    const id = (JSON.parse(created.body) as { id: number }).id;
    assert.deepEqual(errorsOf(await a.post(`/api/playlists/${id}`, { name: '\u2067Új\u2069' })), { name: [BIDI] });
    assert.equal((JSON.parse((await a.get(`/api/playlists/${id}`)).body) as { name: string }).name, 'Pénztár');
    // Reported together with the tracks' problem, as the all-tracks create reports both.
    assert.deepEqual(errorsOf(await a.post('/api/playlists/all-tracks', { name: 'x\u202Ey', tracks: [] })), {
      name: [BIDI],
      tracks: ['Legalább egy dal megadása kötelező.'],
    });
    assert.deepEqual(
      errorsOf(await a.post('/api/playlists/all-tracks', { name: 'x\u202Dy', tracks: trackIds.slice(0, 2) })),
      {
        name: [BIDI],
      },
    );
    // Right-to-left letters themselves are fine: only the invisible controls are refused.
    const hebrew = await a.post('/api/playlists', { name: 'שלום Kassza' });
    assert.equal(hebrew.statusCode, 201, hebrew.body);
  });
});

describe('the contract body schemas keep the Hungarian 422s', () => {
  test('players, pages, spots, auth', async () => {
    assert.deepEqual(errorsOf(await a.post('/api/players/1/update-volume', {})), {
      volume: ['A hangerő 0 és 100 közötti szám lehet.'],
    });
    assert.deepEqual(errorsOf(await a.post('/api/players/1/update-volume', 'volume=abc', FORM)), {
      volume: ['A hangerő 0 és 100 közötti szám lehet.'],
    });
    assert.deepEqual(errorsOf(await a.post('/api/players/1/update-volume', { currentTime: -1 })), {
      currentTime: ['A lejátszási pozíció nem negatív szám lehet.'],
    });
    assert.deepEqual(errorsOf(await a.get('/api/channels/1/tracks/0')), {
      page: ['Az oldalszám csak pozitív egész szám lehet.'],
    });
    assert.deepEqual(errorsOf(await a.post('/api/players/1/playable/channel/1?track=abc')), {
      track: ['A kiválasztott dal nem található.'],
    });
    assert.deepEqual(errorsOf(await a.post('/api/players/1/spots/play', 'spots[]=x', FORM)), {
      spots: ['A szpotok azonosítói csak pozitív egész számok lehetnek.'],
    });
    assert.deepEqual(errorsOf(await a.post('/api/players/1/spots/play', {})), {
      spots: ['Legalább egy szpot megadása kötelező.'],
    });
    const guest = new Client(t.app);
    await guest.get('/sanctum/csrf-cookie');
    assert.deepEqual(errorsOf(await guest.post('/login', { email: 'nem-email', password: '' })), {
      email: ['Kérjük, érvényes e-mail címet adjon meg.'],
      password: ['A(z) jelszó mező kitöltése kötelező.'],
    });
    assert.deepEqual(
      errorsOf(
        await guest.post('/api/reset-password/abc', {
          email: 'a@b.hu',
          password: 'rovid',
          password_confirmation: 'rovid',
        }),
      ),
      {
        password: ['A jelszónak legalább 8 karakterből kell állnia.'],
      },
    );
  });
});
