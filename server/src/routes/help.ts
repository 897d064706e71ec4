import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, routeIdsSchema } from '../../../contracts/fields';
import { messageSchema } from '../../../contracts/errors';
import {
  faqTopicDetailSchema,
  faqTopicListSchema,
  tutorialItemSchema,
  tutorialTopicListSchema,
  tutorialTopicSchema,
  type FaqItem,
  type FaqTopic,
  type FaqTopicDetail,
  type TutorialItem,
  type TutorialTopic,
} from '../../../contracts/help';
import type { AppContext } from '../context';
import {
  getFaqTopic,
  getTutorialItem,
  getTutorialTopic,
  listFaqTopics,
  listTutorialTopics,
  type FaqItemRow,
  type FaqTopicRow,
  type TutorialItemRow,
} from '../db/queries/help';
import { HttpError, messages } from '../http/errors';
import type { Storage } from '../storage';

/**
 * Tutorials ('Útmutató') and the FAQ of the help bubble (SPEC.md §7 FAQ and tutorials): the
 * provider's content, the same for every shop, behind login like the rest of /api. Videos and
 * posters are signed media links (Range requests, `video/webm`).
 */

function tutorialItemResource(storage: Storage, row: TutorialItemRow): TutorialItem {
  return {
    id: row.id,
    name: row.name,
    video: row.videoId,
    video_duration: row.duration,
    description: row.description,
    tutorial_topic_id: row.topicId,
    video_url: storage.signedUrl(row.filePath),
    poster_url: row.posterPath ? storage.signedUrl(row.posterPath) : null,
  };
}

function faqTopicResource(row: FaqTopicRow): FaqTopic {
  return { id: row.id, name: row.name, description: row.description, items_count: row.itemsCount };
}

function faqItemResource(row: FaqItemRow): FaqItem {
  return { id: row.id, name: row.name, description: row.description, tutorial_item_id: row.tutorialItemId };
}

export function registerHelpRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const notFound = () => new HttpError(404, messages.notFound);
  const topicResource = (topic: Awaited<ReturnType<typeof listTutorialTopics>>[number]): TutorialTopic => ({
    id: topic.id,
    name: topic.name,
    tutorial_items: topic.items.map((item) => tutorialItemResource(storage, item)),
  });

  app.get(
    '/api/tutorials',
    { schema: { response: { 200: tutorialTopicListSchema } } },
    async (): Promise<TutorialTopic[]> => (await listTutorialTopics(db)).map(topicResource),
  );

  app.get(
    '/api/tutorials/item/:id',
    { schema: { params: idParamsSchema, response: { 200: tutorialItemSchema, 404: messageSchema } } },
    async (req): Promise<TutorialItem> => {
      const row = await getTutorialItem(db, { id: req.params.id });
      if (!row) throw notFound();
      return tutorialItemResource(storage, row);
    },
  );

  app.get(
    '/api/tutorials/:topicId',
    { schema: { params: routeIdsSchema('topicId'), response: { 200: tutorialTopicSchema, 404: messageSchema } } },
    async (req): Promise<TutorialTopic> => {
      const topic = await getTutorialTopic(db, { id: req.params.topicId });
      if (!topic) throw notFound();
      return topicResource(topic);
    },
  );

  app.get('/api/faqs', { schema: { response: { 200: faqTopicListSchema } } }, async (): Promise<FaqTopic[]> =>
    (await listFaqTopics(db)).map(faqTopicResource),
  );

  app.get(
    '/api/faqs/:id',
    { schema: { params: idParamsSchema, response: { 200: faqTopicDetailSchema, 404: messageSchema } } },
    async (req): Promise<FaqTopicDetail> => {
      const topic = await getFaqTopic(db, { id: req.params.id });
      if (!topic) throw notFound();
      return { ...faqTopicResource(topic), faq_items: topic.items.map(faqItemResource) };
    },
  );
}
