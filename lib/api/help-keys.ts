/**
 * SWR keys and paths of the tutorials and the FAQ (SPEC.md §7 FAQ and tutorials); the keys are the
 * BFF URLs themselves. Kept apart from the hooks so server components can import them.
 */
export const TUTORIALS_KEY = '/api/tutorials';
export const tutorialTopicPath = (topicId: number) => `/api/tutorials/${topicId}`;
export const tutorialItemPath = (id: number) => `/api/tutorials/item/${id}`;
/** The page of one tutorial item (the deep link of an FAQ answer). */
export const tutorialHref = (itemId: number) => `/tutorial/${itemId}`;

export const FAQS_KEY = '/api/faqs';
export const faqTopicPath = (id: number) => `/api/faqs/${id}`;
