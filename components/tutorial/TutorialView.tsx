'use client';

import { useState } from 'react';
import type { TutorialItem, TutorialTopic } from '@/contracts';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { SelectField } from '@/components/ui/TextField';
import { tutorialHref, useTutorialTopics } from '@/lib/api/tutorials';
import { errors } from '@/lib/i18n/hu/errors';
import { pages } from '@/lib/i18n/hu/pages';
import { tutorial } from '@/lib/i18n/hu/tutorial';
import { selectionOf, selectionOfTopic } from './selection';
import { TutorialItemList } from './TutorialItemList';
import { TutorialPlayer } from './TutorialPlayer';
import styles from './Tutorial.module.scss';

const hu = { errors, pages, tutorial };

interface Choice {
  topicId: number | null;
  itemId: number | null;
  /** Start the video as it loads: after a click on an item, or on a deep link (SPEC.md §2). */
  play: boolean;
}

/**
 * The URL names the item on screen, so it can be shared or reloaded. Changed through the History API:
 * the router keeps this page mounted (and the video playing) instead of asking the server again.
 */
function showInAddressBar(item: TutorialItem | null): void {
  if (item && window.location.pathname !== tutorialHref(item.id)) {
    window.history.replaceState(window.history.state, '', tutorialHref(item.id));
  }
}

/** 'Útmutató' (SPEC.md §2 Tutorial page): the topic dropdown, the video, the topic's items. */
export function TutorialView({ initial, itemId }: { initial: TutorialTopic[] | null; itemId: number | null }) {
  const { list: topics, failed, retry } = useTutorialTopics(initial);
  const [choice, setChoice] = useState<Choice>(() => {
    const first = selectionOf(initial ?? [], itemId);
    return { topicId: first.topic?.id ?? null, itemId: first.item?.id ?? null, play: itemId !== null };
  });

  const heading = <PageHeading>{hu.pages.tutorial}</PageHeading>;
  if (failed) {
    return (
      <>
        {heading}
        <EmptyState tone="notice" title={hu.tutorial.loadFailed}>
          <button type="button" className={styles.secondary} onClick={retry}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      </>
    );
  }
  if (topics === null) return heading;
  if (topics.length === 0) {
    return (
      <>
        {heading}
        <EmptyState title={hu.tutorial.empty} text={hu.tutorial.emptyHint} />
      </>
    );
  }

  // The ids chosen so far, or the first topic when the list arrived after the first render.
  const fallback = selectionOf(topics, choice.itemId);
  const topic = topics.find((t) => t.id === choice.topicId) ?? fallback.topic;
  const item =
    topic?.tutorial_items.find((i) => i.id === choice.itemId) ?? (topic === fallback.topic ? fallback.item : null);

  const chooseItem = (next: TutorialItem) => {
    setChoice({ topicId: next.tutorial_topic_id, itemId: next.id, play: true });
    showInAddressBar(next);
  };

  const chooseTopic = (topicId: number) => {
    const next = selectionOfTopic(topics, topicId);
    setChoice({ topicId, itemId: next.item?.id ?? null, play: false });
    showInAddressBar(next.item);
  };

  return (
    <>
      {heading}
      <p className={styles.intro}>{hu.tutorial.intro}</p>
      <div className={styles.topicPicker}>
        <SelectField
          name="topic"
          label={hu.tutorial.topicLabel}
          value={topic?.id ?? ''}
          onChange={(event) => chooseTopic(Number(event.target.value))}
        >
          {topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.layout}>
        <section className={styles.stage} aria-label={item ? hu.tutorial.videoLabel(item.name) : undefined}>
          {item ? (
            <TutorialPlayer item={item} autoPlay={choice.play} />
          ) : (
            <EmptyState compact title={hu.tutorial.topicEmpty} />
          )}
        </section>
        {topic && topic.tutorial_items.length > 0 ? (
          <TutorialItemList topic={topic} selectedId={item?.id ?? null} onChoose={chooseItem} />
        ) : null}
      </div>
    </>
  );
}
