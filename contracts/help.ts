import { z } from 'zod';

/**
 * Tutorials and FAQ (SPEC.md §3 Tutorial topic and item, FAQ topic and item; §7 FAQ and
 * tutorials): the provider's content, the same for every shop.
 */

export const tutorialItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The video's id (SPEC.md §3 keeps it an id). */
  video: z.number(),
  /** Length in seconds. */
  video_duration: z.number(),
  description: z.string().nullable(),
  tutorial_topic_id: z.number(),
  /** Beyond SPEC: the video itself (WebM), at a signed, expiring URL that answers Range requests. */
  video_url: z.string(),
  /** Beyond SPEC: a still of the video, shown before it plays. */
  poster_url: z.string().nullable(),
});
export type TutorialItem = z.infer<typeof tutorialItemSchema>;

export const tutorialTopicSchema = z.object({
  id: z.number(),
  name: z.string(),
  tutorial_items: z.array(tutorialItemSchema),
});
export type TutorialTopic = z.infer<typeof tutorialTopicSchema>;
/** GET /api/tutorials: the topics in their order, each with its items in order. */
export const tutorialTopicListSchema = z.array(tutorialTopicSchema);
/** GET /api/tutorials/{topicId}: one topic with its items. GET /api/tutorials/item/{id}: one item. */

export const faqItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The answer (plain text; paragraphs separated by blank lines). */
  description: z.string(),
  /** The tutorial item that shows it, when there is one. */
  tutorial_item_id: z.number().nullable(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqTopicSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  items_count: z.number(),
});
export type FaqTopic = z.infer<typeof faqTopicSchema>;
/** GET /api/faqs: the topics in their order, with their item counts (no items). */
export const faqTopicListSchema = z.array(faqTopicSchema);
/** GET /api/faqs/{id}: the topic with its items in order. */
export const faqTopicDetailSchema = faqTopicSchema.extend({ faq_items: z.array(faqItemSchema) });
export type FaqTopicDetail = z.infer<typeof faqTopicDetailSchema>;
