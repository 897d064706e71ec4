import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq, notInArray, sql, type Column } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { ensureShopSettings } from '../db/queries/settings';
import { contentSyncs, faqItems, faqTopics, tutorialItems, tutorialTopics, tutorialVideos } from '../db/schema';
import { ASSETS_PREFIX, DEFAULT_ASSETS_ROOT } from '../storage';
import type { SeedContext } from './index';

/**
 * What runs at every start, after the seed steps: cheap and idempotent. Seed steps run once per
 * database, but the provider's help content is a committed file that may be regenerated, and
 * shops may be created outside the seed; these keep the database in line with both.
 */
export interface StartSync {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}

/** Every shop has the settings `logo`, `timezone` and the sound ones (rows it lacks are added; none is changed). */
export const shopSettingsSync: StartSync = {
  name: 'shop_settings',
  run: ({ db }) => ensureShopSettings(db),
};

// -----------------------------------------------------------------------------------------------
// Tutorials and FAQ from server/assets/tutorials/content.json

/** Media paths in content.json are relative to server/assets. */
const mediaPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'a path inside server/assets')
  .transform((p) => ASSETS_PREFIX + p);

const contentSchema = z.object({
  tutorials: z.array(
    z.object({
      key: z.string().min(1),
      name: z.string().min(1),
      items: z.array(
        z.object({
          key: z.string().min(1),
          name: z.string().min(1),
          description: z.string().nullish(),
          video: mediaPath,
          poster: mediaPath.nullish(),
          duration: z.number().nonnegative(),
        }),
      ),
    }),
  ),
  faqs: z.array(
    z.object({
      key: z.string().min(1),
      name: z.string().min(1),
      description: z.string().nullish(),
      items: z.array(
        z.object({
          key: z.string().min(1),
          name: z.string().min(1),
          description: z.string(),
          /** The key of the tutorial item showing the answer. */
          tutorial: z.string().nullish(),
        }),
      ),
    }),
  ),
});
export type HelpContent = z.infer<typeof contentSchema>;

export const HELP_CONTENT_FILE = `${DEFAULT_ASSETS_ROOT}/tutorials/content.json`;
const SYNC_NAME = 'tutorials_and_faq';
/** Part of the stored hash: bump it when the way the file is applied changes. */
const SYNC_VERSION = '1';

const now = () => new Date();

/**
 * Applies the content: rows matched by `key` (videos by file) are updated in place, so their ids
 * stay; new ones are added; rows the file no longer names are removed (FAQ links to a removed
 * tutorial item become null). Run inside a transaction.
 */
export async function applyHelpContent(db: Db, content: HelpContent): Promise<void> {
  const itemIds = new Map<string, number>();
  const topicKeys: string[] = [];
  const itemKeys: string[] = [];
  for (const [t, topic] of content.tutorials.entries()) {
    topicKeys.push(topic.key);
    const [topicRow] = await db
      .insert(tutorialTopics)
      .values({ key: topic.key, name: topic.name, position: t + 1 })
      .onConflictDoUpdate({ target: tutorialTopics.key, set: { name: topic.name, position: t + 1, updatedAt: now() } })
      .returning({ id: tutorialTopics.id });
    for (const [i, item] of topic.items.entries()) {
      itemKeys.push(item.key);
      const video = { posterPath: item.poster ?? null, duration: item.duration };
      const [videoRow] = await db
        .insert(tutorialVideos)
        .values({ filePath: item.video, ...video })
        .onConflictDoUpdate({ target: tutorialVideos.filePath, set: { ...video, updatedAt: now() } })
        .returning({ id: tutorialVideos.id });
      const fields = {
        topicId: topicRow!.id,
        name: item.name,
        description: item.description ?? null,
        videoId: videoRow!.id,
        position: i + 1,
      };
      const [itemRow] = await db
        .insert(tutorialItems)
        .values({ key: item.key, ...fields })
        .onConflictDoUpdate({ target: tutorialItems.key, set: { ...fields, updatedAt: now() } })
        .returning({ id: tutorialItems.id });
      itemIds.set(item.key, itemRow!.id);
    }
  }

  const faqTopicKeys: string[] = [];
  const faqItemKeys: string[] = [];
  for (const [t, topic] of content.faqs.entries()) {
    faqTopicKeys.push(topic.key);
    const topicFields = { name: topic.name, description: topic.description ?? null, position: t + 1 };
    const [topicRow] = await db
      .insert(faqTopics)
      .values({ key: topic.key, ...topicFields })
      .onConflictDoUpdate({ target: faqTopics.key, set: { ...topicFields, updatedAt: now() } })
      .returning({ id: faqTopics.id });
    for (const [i, item] of topic.items.entries()) {
      faqItemKeys.push(item.key);
      const fields = {
        topicId: topicRow!.id,
        name: item.name,
        description: item.description,
        tutorialItemId: item.tutorial ? (itemIds.get(item.tutorial) ?? null) : null,
        position: i + 1,
      };
      await db
        .insert(faqItems)
        .values({ key: item.key, ...fields })
        .onConflictDoUpdate({ target: faqItems.key, set: { ...fields, updatedAt: now() } });
    }
  }

  // What the file no longer names goes (an empty list names nothing: everything goes).
  const notIn = (column: Column, keys: string[]) => (keys.length ? notInArray(column, keys) : sql`true`);
  await db.delete(faqItems).where(notIn(faqItems.key, faqItemKeys));
  await db.delete(faqTopics).where(notIn(faqTopics.key, faqTopicKeys));
  await db.delete(tutorialItems).where(notIn(tutorialItems.key, itemKeys));
  await db.delete(tutorialTopics).where(notIn(tutorialTopics.key, topicKeys));
  const used = db.select({ id: tutorialItems.videoId }).from(tutorialItems);
  await db.delete(tutorialVideos).where(notInArray(tutorialVideos.id, used));
}

/** Reads, checks and applies `file` when its hash differs from the last one applied. */
export async function syncHelpContent(db: Db, file = HELP_CONTENT_FILE): Promise<'applied' | 'unchanged' | 'missing'> {
  const raw = await readFile(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!raw) return 'missing';
  const hash = createHash('sha256').update(SYNC_VERSION).update('\0').update(raw).digest('hex');
  const [last] = await db.select().from(contentSyncs).where(eq(contentSyncs.name, SYNC_NAME));
  if (last?.hash === hash) return 'unchanged';
  // A broken file fails the start loudly rather than serving half of it.
  const content = contentSchema.parse(JSON.parse(raw.toString('utf8')));
  await applyHelpContent(db, content);
  await db
    .insert(contentSyncs)
    .values({ name: SYNC_NAME, hash })
    .onConflictDoUpdate({ target: contentSyncs.name, set: { hash, syncedAt: now() } });
  return 'applied';
}

/** The tutorials and FAQ of content.json (SPEC.md §3), the same for every shop. */
export const helpContentSync: StartSync = {
  name: SYNC_NAME,
  run: async ({ db }) => {
    await syncHelpContent(db);
  },
};
