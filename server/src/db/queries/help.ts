import { asc, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { faqItems, faqTopics, tutorialItems, tutorialTopics, tutorialVideos } from '../schema';

/*
 * Tutorials and FAQ: the provider's content, the same for every shop, so looked up by id alone
 * (server/README.md, "Tutorials and FAQ"). Lists are in `position` order, ties by id.
 */

export type TutorialTopicRow = typeof tutorialTopics.$inferSelect;
export type TutorialItemRow = typeof tutorialItems.$inferSelect & {
  filePath: string;
  posterPath: string | null;
  duration: number;
};
export type FaqTopicRow = typeof faqTopics.$inferSelect & { itemsCount: number };
export type FaqItemRow = typeof faqItems.$inferSelect;

const itemColumns = {
  ...getTableColumns(tutorialItems),
  filePath: tutorialVideos.filePath,
  posterPath: tutorialVideos.posterPath,
  duration: tutorialVideos.duration,
};

function itemsQuery(db: Db) {
  return db
    .select(itemColumns)
    .from(tutorialItems)
    .innerJoin(tutorialVideos, eq(tutorialVideos.id, tutorialItems.videoId));
}

/** Topics in order, each with its items in order. */
export async function listTutorialTopics(db: Db, { id }: { id?: number } = {}) {
  const topics = await db
    .select()
    .from(tutorialTopics)
    .where(id === undefined ? undefined : eq(tutorialTopics.id, id))
    .orderBy(asc(tutorialTopics.position), asc(tutorialTopics.id));
  if (!topics.length) return [];
  const items = await itemsQuery(db)
    .where(
      inArray(
        tutorialItems.topicId,
        topics.map((t) => t.id),
      ),
    )
    .orderBy(asc(tutorialItems.position), asc(tutorialItems.id));
  return topics.map((topic) => ({ ...topic, items: items.filter((i) => i.topicId === topic.id) }));
}

export async function getTutorialTopic(db: Db, { id }: { id: number }) {
  const [topic] = await listTutorialTopics(db, { id });
  return topic;
}

export async function getTutorialItem(db: Db, { id }: { id: number }): Promise<TutorialItemRow | undefined> {
  const [row] = await itemsQuery(db).where(eq(tutorialItems.id, id)).limit(1);
  return row;
}

/** FAQ topics in order, with their item counts. */
export async function listFaqTopics(db: Db, { id }: { id?: number } = {}): Promise<FaqTopicRow[]> {
  return db
    .select({ ...getTableColumns(faqTopics), itemsCount: count(faqItems.id) })
    .from(faqTopics)
    .leftJoin(faqItems, eq(faqItems.topicId, faqTopics.id))
    .where(id === undefined ? undefined : eq(faqTopics.id, id))
    .groupBy(faqTopics.id)
    .orderBy(asc(faqTopics.position), asc(faqTopics.id));
}

/** One FAQ topic with its items in order. */
export async function getFaqTopic(db: Db, { id }: { id: number }) {
  const [topic] = await listFaqTopics(db, { id });
  if (!topic) return undefined;
  const items = await db
    .select()
    .from(faqItems)
    .where(eq(faqItems.topicId, id))
    .orderBy(asc(faqItems.position), asc(faqItems.id));
  return { ...topic, items };
}
