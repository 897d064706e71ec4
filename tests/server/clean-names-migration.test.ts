/**
 * Migration 0010 cleans the names and texts stored before the invisible-character rule: each loses
 * what `stripInvisible` (contracts/fields.ts) takes away, is trimmed as the API trims, and then
 * passes the names' rule, so it saves again unchanged. Its character classes are checked code
 * point by code point against JavaScript's own \p{Cf}, \p{Cc}, \p{Zl}, \p{Zp} and
 * \p{Extended_Pictographic}.
 *
 * The migration is idempotent, so it is run again over dirty rows written into a migrated
 * database, in one transaction as the migrator runs it.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { nameField, stripInvisible } from '../../contracts/fields';
import { createTestApp, loggedIn, type Client, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let customerId: number;

const MIGRATION = path.join(import.meta.dirname, '../../server/drizzle/0010_clean_invisible_names.sql');
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The names' rule, trimmed the way JavaScript trims (what the API stores). */
const cleaned = (raw: string) => stripInvisible(raw).trim();

async function runMigration() {
  const statements = (await readFile(MIGRATION, 'utf8'))
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  await t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

/** Inserts the names as playlists of the demo shop; answers id → name as stored. */
async function insertPlaylists(names: string[]): Promise<Map<number, string>> {
  const inserted = await rows<{ id: number; name: string }>(sql`
    insert into playlists (customer_id, name)
    select ${customerId}, e.value from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as e(value)
    returning id, name`);
  return new Map(inserted.map((r) => [Number(r.id), r.name]));
}

const codePoints = (re: RegExp) => {
  const out: number[] = [];
  for (let cp = 1; cp < 0x110000; cp++)
    if ((cp < 0xd800 || cp > 0xdfff) && re.test(String.fromCodePoint(cp))) out.push(cp);
  return out;
};
/** Each code point of the set and its neighbours outside it (where a hand-listed range would slip). */
const withNeighbours = (set: number[]) => {
  const inSet = new Set(set);
  const out = new Set<number>();
  for (const cp of set)
    for (const n of [cp - 1, cp, cp + 1]) if (n > 0 && n < 0x110000 && (n < 0xd800 || n > 0xdfff)) out.add(n);
  return { all: [...out], inSet };
};

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  customerId = (await rows<{ id: number }>(sql`select id from customers where slug = 'demo'`))[0]!.id;
});
after(async () => {
  await t?.close();
});

describe('migration 0010', () => {
  test('every invisible code point is removed from a name, and nothing else is', async () => {
    const { all, inSet } = withNeighbours(codePoints(/[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u));
    // Whitespace at the ends is trimmed, so each sits between two letters.
    const stored = await insertPlaylists(all.map((cp) => `a${String.fromCodePoint(cp)}b`));
    await runMigration();
    const after = await rows<{ id: number; name: string }>(
      sql`select id, name from playlists where customer_id = ${customerId}`,
    );
    const byId = new Map(after.map((r) => [Number(r.id), r.name]));
    let removed = 0;
    for (const [id, raw] of stored) {
      const cp = raw.codePointAt(1)!;
      const want = inSet.has(cp) ? 'ab' : raw;
      if (inSet.has(cp)) removed++;
      assert.equal(byId.get(id), want, `U+${cp.toString(16).toUpperCase()}`);
      assert.equal(byId.get(id), cleaned(raw));
    }
    assert.ok(removed > 200, `only ${removed} invisible code points tried`);
  });

  test('a joiner stays between two emoji (any Extended_Pictographic, after a skin tone or U+FE0F too), and goes elsewhere', async () => {
    const { all, inSet } = withNeighbours(codePoints(/\p{Extended_Pictographic}/u));
    const names: string[] = [];
    for (const cp of all) {
      const c = String.fromCodePoint(cp);
      names.push(`${c}\u200D🍳`, `👩\u200D${c}`, `${c}\uFE0F\u200D🍳`, `${c}\u{1F3FD}\u200D🍳`);
    }
    names.push(
      '👩‍🍳 Konyha',
      '\u200D',
      'a\u200Db',
      '👩\u200D',
      '\u200D🍳',
      '👩\u200B\u200D🍳',
      '👩\u200D\u200D🍳',
      '🏳️‍🌈',
      '🧑‍🤝‍🧑',
    );
    const unique = [...new Set(names)];
    const stored = await insertPlaylists(unique);
    await runMigration();
    const after = await rows<{ id: number; name: string }>(
      sql`select id, name from playlists where customer_id = ${customerId}`,
    );
    const byId = new Map(after.map((r) => [Number(r.id), r.name]));
    let kept = 0;
    for (const [id, raw] of stored) {
      assert.equal(byId.get(id), cleaned(raw) || `#${id}`, JSON.stringify(raw));
      if (byId.get(id) === raw) kept++;
    }
    assert.ok(kept > inSet.size, `only ${kept} joiners kept`);
    const konyha = [...stored].find(([, raw]) => raw === '👩‍🍳 Konyha')![0];
    assert.equal(byId.get(konyha), '👩‍🍳 Konyha');
  });

  test('every table of shop-given names and texts is cleaned; each name then saves again unchanged', async () => {
    const dirty = 'Kas\u200Bsza\u00AD \u200E👩‍🍳\uFEFF';
    const clean = 'Kassza 👩‍🍳';
    const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0]!;
    const playlist = await one<{ id: number }>(
      sql`insert into playlists (customer_id, name) values (${customerId}, ${dirty}) returning id`,
    );
    const blank = await one<{ id: number }>(
      sql`insert into playlists (customer_id, name) values (${customerId}, ${'\u200B\u2028 \u0085'}) returning id`,
    );
    const slideshow = await one<{ id: number }>(
      sql`insert into slideshows (customer_id, name) values (${customerId}, ${dirty}) returning id`,
    );
    const screen = await one<{ id: number }>(sql`
      insert into screens (customer_id, name, description, hash_id) values (${customerId}, ${dirty}, ${'Első\u2028sor\nmásodik\u200F'}, 'tisztitas-teszt-01') returning id`);
    const silent = await one<{ id: number }>(sql`
      insert into screens (customer_id, name, description, hash_id) values (${customerId}, 'Csendes', ${'\u200B'}, 'tisztitas-teszt-02') returning id`);
    const schedule = await one<{ id: number }>(
      sql`insert into scheduled_contents (customer_id, name) values (${customerId}, ${dirty}) returning id`,
    );
    const spot = await one<{ id: number }>(sql`
      insert into spots (customer_id, name, file_name, file_path, duration) values (${customerId}, ${dirty}, ${'\u202Eszpot\u200B.mp3'}, 'assets/none.mp3', 1) returning id`);
    const nameless = await one<{ id: number }>(sql`
      insert into spots (customer_id, name, file_name, file_path, duration) values (${customerId}, 'Névtelen fájl', ${'\u200B\u200E'}, 'assets/none.mp3', 1) returning id`);
    const sound = await one<{ id: number }>(sql`
      insert into sounds (customer_id, name, file_path, duration) values (${customerId}, ${dirty}, 'assets/none.mp3', 1) returning id`);
    const image = await one<{ id: number }>(sql`
      insert into slideshow_images (customer_id, slideshow_id, name, file_path, position) values (${customerId}, ${slideshow.id}, ${'\u00ADkép\u2029.png'}, 'slideshows/1/x.png', 1) returning id`);
    const request = await one<{ id: number }>(sql`
      insert into sound_requests (customer_id, description) values (${customerId}, ${'Csengő\u200B\r\nhang\t\u0085kell'}) returning id`);
    const setting = await one<{ id: number }>(sql`
      insert into settings (customer_id, key, value) values (${customerId}, 'bolt_megjegyzes', ${'Nyitva\u200B 8\u2013\u00AD20'}) returning id`);
    const fire = await one<{ id: number }>(sql`
      insert into scheduler_fires (customer_id, minute, name, instance) values (${customerId}, now(), ${dirty}, 'teszt') returning id`);
    const report = await one<{ id: number }>(sql`
      insert into play_reports (customer_id, report_id, type, item_id, name, started_at, seconds, ended)
      values (${customerId}, 'tisztitas-1', 'spot', 1, ${dirty}, now(), 1, true) returning id`);

    await runMigration();

    const value = async (table: string, column: string, id: number) =>
      (
        await rows<{ v: string | null }>(
          sql`select ${sql.identifier(column)} as v from ${sql.identifier(table)} where id = ${id}`,
        )
      )[0]!.v;
    for (const [table, id] of [
      ['playlists', playlist.id],
      ['slideshows', slideshow.id],
      ['screens', screen.id],
      ['scheduled_contents', schedule.id],
      ['spots', spot.id],
      ['sounds', sound.id],
      ['scheduler_fires', fire.id],
      ['play_reports', report.id],
    ] as const) {
      assert.equal(await value(table, 'name', id), clean, table);
    }
    assert.equal(await value('playlists', 'name', blank.id), `#${blank.id}`, 'a name left empty is named by its id');
    assert.equal(await value('screens', 'description', screen.id), 'Elsősor\nmásodik');
    assert.equal(await value('screens', 'description', silent.id), null, 'a description left empty is none');
    assert.equal(await value('spots', 'file_name', spot.id), 'szpot.mp3');
    assert.equal(await value('spots', 'file_name', nameless.id), 'hang.mp3');
    assert.equal(await value('slideshow_images', 'name', image.id), 'kép.png');
    assert.equal(await value('sound_requests', 'description', request.id), 'Csengő\r\nhang\tkell');
    assert.equal(await value('settings', 'value', setting.id), 'Nyitva 8\u201320');

    // The names' rule takes each as it is now, and the forms save them back unchanged.
    for (const name of [clean, `#${blank.id}`])
      assert.deepEqual(nameField(100).safeParse(name), { success: true, data: name });
    const saved = await a.post(`/api/playlists/${playlist.id}`, { name: clean });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.json().name, clean);
    const screenSaved = await a.post(`/api/screens/${screen.id}`, { name: clean, description: 'Elsősor\nmásodik' });
    assert.equal(screenSaved.statusCode, 200, screenSaved.body);
    assert.equal(screenSaved.json().name, clean);
  });
});
