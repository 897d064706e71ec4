'use client';

import * as Dialog from '@radix-ui/react-dialog';
import Link from 'next/link';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FaqItem, FaqTopic } from '@/contracts';
import { ChevronLeftIcon, ChevronRightIcon, TutorialIcon } from '@/components/ui/icons';
import { useFaqTopic, useFaqTopics } from '@/lib/api/help';
import { tutorialHref } from '@/lib/api/tutorials';
import { errors } from '@/lib/i18n/hu/errors';
import { help as huHelp } from '@/lib/i18n/hu/help';
import styles from './Help.module.scss';

const hu = { errors, help: huHelp };

/** Where the reader is: the topics, one topic's questions, or one answer. */
export type HelpView =
  { at: 'topics' } | { at: 'topic'; topic: FaqTopic } | { at: 'item'; topic: FaqTopic; itemId: number };

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function Notice({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className={styles.notice} role="status">
      <p>{children}</p>
      {onRetry ? (
        <button type="button" className={styles.secondary} onClick={onRetry}>
          {hu.errors.retry}
        </button>
      ) : null}
    </div>
  );
}

function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.back} onClick={onClick} data-help-back="">
      <ChevronLeftIcon size={20} />
      {label}
    </button>
  );
}

function TopicList({ onOpen }: { onOpen: (topic: FaqTopic) => void }) {
  const { data, error, isLoading, mutate } = useFaqTopics();
  if (error && !data) return <Notice onRetry={() => void mutate()}>{hu.help.loadFailed}</Notice>;
  if (isLoading || !data) return <p className={styles.loading}>{hu.errors.loading}</p>;
  if (data.length === 0) return <Notice>{hu.help.empty}</Notice>;
  return (
    <>
      <p className={styles.intro}>{hu.help.intro}</p>
      <ul className={styles.rows} aria-label={hu.help.topicsLabel}>
        {data.map((topic) => (
          <li key={topic.id}>
            <button type="button" className={styles.row} onClick={() => onOpen(topic)}>
              <span className={styles.rowText}>
                <span className={styles.rowName}>{topic.name}</span>
                {topic.description ? <span className={styles.rowDescription}>{topic.description}</span> : null}
                <span className={styles.count}>{hu.help.itemsCount(topic.items_count)}</span>
              </span>
              <ChevronRightIcon size={20} />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function TopicItems({ topic, onOpen }: { topic: FaqTopic; onOpen: (item: FaqItem) => void }) {
  const { data, error, isLoading, mutate } = useFaqTopic(topic.id);
  if (error && !data) return <Notice onRetry={() => void mutate()}>{hu.help.loadFailed}</Notice>;
  if (isLoading || !data) return <p className={styles.loading}>{hu.errors.loading}</p>;
  return (
    <>
      {topic.description ? <p className={styles.intro}>{topic.description}</p> : null}
      {data.faq_items.length === 0 ? (
        <Notice>{hu.help.topicEmpty}</Notice>
      ) : (
        <ul className={styles.rows} aria-label={topic.name}>
          {data.faq_items.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.row} onClick={() => onOpen(item)}>
                <span className={styles.rowName}>{item.name}</span>
                <ChevronRightIcon size={20} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Answer({ topic, itemId, onFollow }: { topic: FaqTopic; itemId: number; onFollow: () => void }) {
  // The topic's questions are cached already: the answer shows at once.
  const { data } = useFaqTopic(topic.id);
  const item = data?.faq_items.find((i) => i.id === itemId);
  if (!item) return <p className={styles.loading}>{hu.errors.loading}</p>;
  return (
    <article className={styles.answer}>
      {paragraphs(item.description).map((p, index) => (
        <p key={index}>{p}</p>
      ))}
      {item.tutorial_item_id !== null ? (
        <Link href={tutorialHref(item.tutorial_item_id)} className={styles.watch} onClick={onFollow}>
          <TutorialIcon size={20} />
          {hu.help.watch}
        </Link>
      ) : null}
    </article>
  );
}

/** The title of the view: the panel's own, a topic's name, a question. */
function useHelpTitle(view: HelpView): string {
  const { data } = useFaqTopic(view.at === 'item' ? view.topic.id : null);
  if (view.at === 'topics') return hu.help.title;
  if (view.at === 'topic') return view.topic.name;
  return data?.faq_items.find((i) => i.id === view.itemId)?.name ?? view.topic.name;
}

interface Props {
  view: HelpView;
  onViewChange: (view: HelpView) => void;
  /** The reader follows a link out of the panel (to a tutorial): the panel closes. */
  onLeave: () => void;
}

/**
 * The help panel inside its dialog: the FAQ topics (name, description, number of questions), a
 * topic's questions, a question's answer with the link to its tutorial video. The dialog's title
 * names the view; each step moves focus to it, so a keyboard or screen reader user starts there.
 */
export function HelpPanel({ view, onViewChange, onLeave }: Props) {
  const title = useRef<HTMLHeadingElement>(null);
  const [stepped, setStepped] = useState(0);
  useEffect(() => {
    if (stepped > 0) title.current?.focus();
  }, [stepped]);

  const go = (next: HelpView) => {
    onViewChange(next);
    setStepped((n) => n + 1);
  };

  return (
    <>
      <div className={styles.head}>
        {view.at === 'topic' ? <BackButton label={hu.help.backToTopics} onClick={() => go({ at: 'topics' })} /> : null}
        {view.at === 'item' ? (
          <BackButton
            label={hu.help.backToTopic(view.topic.name)}
            onClick={() => go({ at: 'topic', topic: view.topic })}
          />
        ) : null}
        {/* The dialog's title (HelpDialog): its accessible name. */}
        <Dialog.Title ref={title} className={styles.title} tabIndex={-1} data-help-title="">
          {useHelpTitle(view)}
        </Dialog.Title>
      </div>
      <div className={styles.body}>
        {view.at === 'topics' ? (
          <TopicList onOpen={(topic) => go({ at: 'topic', topic })} />
        ) : view.at === 'topic' ? (
          <TopicItems topic={view.topic} onOpen={(item) => go({ at: 'item', topic: view.topic, itemId: item.id })} />
        ) : (
          <Answer topic={view.topic} itemId={view.itemId} onFollow={onLeave} />
        )}
      </div>
    </>
  );
}
