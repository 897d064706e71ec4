import type { TutorialItem, TutorialTopic } from '@/contracts';

export interface TutorialSelection {
  topic: TutorialTopic | null;
  item: TutorialItem | null;
}

/** The topic and item of an item id (a deep link); without one, or an unknown one, the first topic's first item. */
export function selectionOf(topics: readonly TutorialTopic[], itemId: number | null): TutorialSelection {
  if (itemId !== null) {
    for (const topic of topics) {
      const item = topic.tutorial_items.find((candidate) => candidate.id === itemId);
      if (item) return { topic, item };
    }
  }
  const topic = topics[0] ?? null;
  return { topic, item: topic?.tutorial_items[0] ?? null };
}

/** A topic chosen in the dropdown: its first item (or none, for a topic without videos yet). */
export function selectionOfTopic(topics: readonly TutorialTopic[], topicId: number): TutorialSelection {
  const topic = topics.find((candidate) => candidate.id === topicId) ?? null;
  return { topic, item: topic?.tutorial_items[0] ?? null };
}
