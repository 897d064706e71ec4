/**
 * Tutorials and FAQ (SPEC.md §7 FAQ and tutorials): the provider's content from
 * server/assets/tutorials/content.json, the same for every shop, in the shapes of contracts/help.ts;
 * 404s; the video answering Range requests as video/webm and the poster as an image; the content
 * sync updating rows in place by key.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  faqTopicDetailSchema,
  faqTopicListSchema,
  tutorialItemSchema,
  tutorialTopicListSchema,
  tutorialTopicSchema,
  type TutorialTopic,
} from '../../contracts/help';
import { HELP_CONTENT_FILE, syncHelpContent, type HelpContent } from '../../server/src/seed/provider-content';
import { Client, createTestApp, loggedIn, localUrl, OTHER, rowCount, type TestApp } from './helpers';

let t: TestApp;
let a: Client;
let other: Client;
let content: HelpContent;
let topics: TutorialTopic[];

const getJson = async (url: string, c: Client = a) => {
  const res = await c.get(url);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as unknown;
};

before(async () => {
  t = await createTestApp();
  a = await loggedIn(t.app);
  other = await loggedIn(t.app, OTHER);
  content = JSON.parse(await readFile(HELP_CONTENT_FILE, 'utf8')) as HelpContent;
  topics = tutorialTopicListSchema.parse(await getJson('/api/tutorials'));
});
after(async () => {
  await t?.close();
});

describe('GET /api/tutorials', () => {
  test("the seeded topics and items in content.json's order, with SPEC's fields and signed media links", () => {
    assert.ok(content.tutorials.length > 0);
    assert.deepEqual(
      topics.map((topic) => topic.name),
      content.tutorials.map((topic) => topic.name),
    );
    for (const [i, topic] of topics.entries()) {
      const source = content.tutorials[i]!;
      assert.deepEqual(
        topic.tutorial_items.map((item) => item.name),
        source.items.map((item) => item.name),
      );
      for (const [j, item] of topic.tutorial_items.entries()) {
        const expected = source.items[j]!;
        assert.equal(item.tutorial_topic_id, topic.id);
        assert.equal(item.description, expected.description ?? null);
        assert.ok(
          Math.abs(item.video_duration - expected.duration) < 0.01,
          `${item.video_duration} vs ${expected.duration}`,
        );
        assert.ok(Number.isInteger(item.video) && item.video > 0);
        assert.match(
          item.video_url,
          new RegExp(`^http://api\\.test:4000/media/assets/${expected.video}\\?expires=\\d+&signature=[0-9a-f]+$`),
        );
        assert.match(
          item.poster_url!,
          new RegExp(`^http://api\\.test:4000/media/assets/${expected.poster}\\?expires=\\d+&signature=[0-9a-f]+$`),
        );
      }
    }
    const items = topics.flatMap((topic) => topic.tutorial_items);
    // `video` is the id of a video row: one per file.
    assert.equal(
      new Set(items.map((i) => i.video)).size,
      new Set(content.tutorials.flatMap((x) => x.items.map((i) => i.video))).size,
    );
  });

  test('the same for every shop', async () => {
    assert.deepEqual(
      tutorialTopicListSchema
        .parse(await getJson('/api/tutorials', other))
        .map((topic) => topic.tutorial_items.map((i) => i.id)),
      topics.map((topic) => topic.tutorial_items.map((i) => i.id)),
    );
  });

  test('one topic, one item; unknown or malformed ids are 404', async () => {
    const topic = topics[1] ?? topics[0]!;
    assert.deepEqual(tutorialTopicSchema.parse(await getJson(`/api/tutorials/${topic.id}`)), topic);
    const item = topic.tutorial_items.at(-1)!;
    assert.deepEqual(tutorialItemSchema.parse(await getJson(`/api/tutorials/item/${item.id}`)), item);
    for (const url of [
      '/api/tutorials/999999',
      '/api/tutorials/0',
      '/api/tutorials/abc',
      '/api/tutorials/item/999999',
      '/api/tutorials/item/x',
      '/api/tutorials/item',
    ]) {
      const res = await a.get(url);
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
      assert.deepEqual(res.json(), { message: 'Nem található.' });
    }
  });

  test('needs a login', async () => {
    const guest = new Client(t.app);
    for (const url of [
      '/api/tutorials',
      `/api/tutorials/${topics[0]!.id}`,
      `/api/tutorials/item/${topics[0]!.tutorial_items[0]!.id}`,
      '/api/faqs',
    ]) {
      assert.equal((await guest.get(url)).statusCode, 401, url);
    }
  });
});

describe('the media', () => {
  test('the video answers a Range request with 206, Content-Range and video/webm; the poster is a JPEG', async () => {
    const item = topics[0]!.tutorial_items[0]!;
    const whole = await a.get(localUrl(item.video_url));
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/webm');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    const size = whole.rawPayload.length;
    // WebM is Matroska: it opens with the EBML magic.
    assert.ok(whole.rawPayload.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])), 'a WebM file');
    assert.ok(size > 1000);

    const part = await a.get(localUrl(item.video_url), { headers: { range: 'bytes=100-1099' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-type'], 'video/webm');
    assert.equal(part.headers['content-range'], `bytes 100-1099/${size}`);
    assert.equal(part.rawPayload.length, 1000);
    assert.ok(part.rawPayload.equals(whole.rawPayload.subarray(100, 1100)));
    const tail = await a.get(localUrl(item.video_url), { headers: { range: 'bytes=-10' } });
    assert.equal(tail.statusCode, 206);
    assert.equal(tail.headers['content-range'], `bytes ${size - 10}-${size - 1}/${size}`);
    const beyond = await a.get(localUrl(item.video_url), { headers: { range: `bytes=${size}-` } });
    assert.equal(beyond.statusCode, 416);

    const poster = await a.get(localUrl(item.poster_url!));
    assert.equal(poster.statusCode, 200);
    assert.equal(poster.headers['content-type'], 'image/jpeg');
    assert.ok(poster.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), 'a JPEG file');
  });

  test('every seeded video and poster file exists', async () => {
    for (const item of topics.flatMap((topic) => topic.tutorial_items)) {
      for (const url of [item.video_url, item.poster_url!]) {
        const res = await a.request('HEAD', localUrl(url));
        assert.equal(res.statusCode, 200, url);
      }
    }
  });

  test('a tampered link is refused', async () => {
    const url = topics[0]!.tutorial_items[0]!.video_url.replace(/signature=[0-9a-f]/, 'signature=g');
    assert.equal((await a.get(localUrl(url))).statusCode, 403);
  });
});

describe('GET /api/faqs', () => {
  test("topics in content.json's order with items_count; each topic with its items, some linked to a tutorial item", async () => {
    const list = faqTopicListSchema.parse(await getJson('/api/faqs'));
    assert.deepEqual(
      list.map((topic) => [topic.name, topic.description, topic.items_count]),
      content.faqs.map((topic) => [topic.name, topic.description ?? null, topic.items.length]),
    );
    // The list carries no items (SPEC: items_count; faq_items only on the topic).
    assert.equal('faq_items' in (((await getJson('/api/faqs')) as object[])[0] as object), false);
    const itemIds = new Map(topics.flatMap((topic) => topic.tutorial_items).map((i) => [i.name, i.id]));
    const keyToName = new Map(content.tutorials.flatMap((x) => x.items.map((i) => [i.key, i.name])));
    let linked = 0;
    for (const [i, summary] of list.entries()) {
      const topic = faqTopicDetailSchema.parse(await getJson(`/api/faqs/${summary.id}`));
      assert.deepEqual({ ...topic, faq_items: undefined }, { ...summary, faq_items: undefined });
      const source = content.faqs[i]!;
      assert.deepEqual(
        topic.faq_items.map((item) => [item.name, item.description]),
        source.items.map((item) => [item.name, item.description]),
      );
      for (const [j, item] of topic.faq_items.entries()) {
        const tutorialKey = source.items[j]!.tutorial;
        assert.equal(item.tutorial_item_id, tutorialKey ? itemIds.get(keyToName.get(tutorialKey)!) : null, item.name);
        if (item.tutorial_item_id) {
          linked += 1;
          assert.equal((await a.get(`/api/tutorials/item/${item.tutorial_item_id}`)).statusCode, 200);
        }
      }
    }
    assert.ok(linked > 0, 'some FAQ items link to a tutorial item');
    assert.ok(linked < content.faqs.flatMap((f) => f.items).length, 'and some do not');
  });

  test('unknown or malformed ids are 404', async () => {
    for (const url of ['/api/faqs/999999', '/api/faqs/0', '/api/faqs/-1', '/api/faqs/x']) {
      const res = await a.get(url);
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
    }
  });
});

describe('the content sync (every start)', () => {
  test('an unchanged file is not applied again; a changed one updates rows in place by key, adds and removes', async () => {
    assert.equal(await syncHelpContent(t.database.db), 'unchanged');
    const file = path.join(t.dataDir, 'content.json');
    const [first, ...rest] = content.tutorials;
    const changed: HelpContent = {
      tutorials: [
        {
          ...first!,
          name: 'Átnevezett téma',
          items: [{ ...first!.items[0]!, name: 'Átnevezett videó', duration: 12.5 }],
        },
        ...rest,
      ],
      faqs: [
        {
          key: 'uj-tema',
          name: 'Új téma',
          description: null,
          items: [{ key: 'uj-kerdes', name: 'Új kérdés?', description: 'Válasz.', tutorial: first!.items[0]!.key }],
        },
        ...content.faqs.slice(1),
      ],
    };
    await writeFile(file, JSON.stringify(changed));
    const before = { faqItems: await rowCount(t, 'faq_items'), videos: await rowCount(t, 'tutorial_videos') };
    try {
      assert.equal(await syncHelpContent(t.database.db, file), 'applied');
      assert.equal(await syncHelpContent(t.database.db, file), 'unchanged');
      const now = tutorialTopicListSchema.parse(await getJson('/api/tutorials'));
      assert.equal(now[0]!.id, topics[0]!.id, 'the topic kept its id');
      assert.equal(now[0]!.name, 'Átnevezett téma');
      assert.deepEqual(
        now[0]!.tutorial_items.map((i) => [i.id, i.name, i.video_duration, i.video]),
        [[topics[0]!.tutorial_items[0]!.id, 'Átnevezett videó', 12.5, topics[0]!.tutorial_items[0]!.video]],
      );
      // The removed items' FAQ links and unused videos went with them.
      assert.equal(await rowCount(t, 'tutorial_videos'), before.videos - (first!.items.length - 1));
      const faqs = faqTopicListSchema.parse(await getJson('/api/faqs'));
      assert.equal(faqs[0]!.name, 'Új téma');
      assert.equal(faqs.length, content.faqs.length);
      const detail = faqTopicDetailSchema.parse(await getJson(`/api/faqs/${faqs[0]!.id}`));
      assert.deepEqual(
        detail.faq_items.map((i) => [i.name, i.tutorial_item_id]),
        [['Új kérdés?', topics[0]!.tutorial_items[0]!.id]],
      );
      assert.equal(await rowCount(t, 'faq_items'), before.faqItems - content.faqs[0]!.items.length + 1);
    } finally {
      // Back to the committed content, ids of kept rows unchanged.
      assert.equal(await syncHelpContent(t.database.db), 'applied');
    }
    const back = tutorialTopicListSchema.parse(await getJson('/api/tutorials'));
    assert.equal(back[0]!.id, topics[0]!.id);
    assert.deepEqual(
      back.map((topic) => topic.tutorial_items.map((i) => i.name)),
      topics.map((topic) => topic.tutorial_items.map((i) => i.name)),
    );
    assert.equal(back[0]!.tutorial_items[0]!.id, topics[0]!.tutorial_items[0]!.id);
  });

  test('a broken file fails loudly and changes nothing', async () => {
    const file = path.join(t.dataDir, 'broken.json');
    await writeFile(
      file,
      JSON.stringify({
        tutorials: [{ key: 'x', name: 'X', items: [{ key: 'y', name: 'Y', video: '../../etc/passwd', duration: 1 }] }],
        faqs: [],
      }),
    );
    await assert.rejects(() => syncHelpContent(t.database.db, file));
    assert.deepEqual(
      tutorialTopicListSchema.parse(await getJson('/api/tutorials')).map((x) => x.id),
      topics.map((x) => x.id),
    );
  });
});
