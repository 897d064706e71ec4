'use client';

import type { TutorialItem, TutorialTopic } from '@/contracts';
import { PlayIcon } from '@/components/ui/icons';
import { formatClock } from '@/lib/format/duration';
import { tutorial } from '@/lib/i18n/hu/tutorial';
import styles from './Tutorial.module.scss';

const hu = { tutorial };

interface Props {
  topic: TutorialTopic;
  selectedId: number | null;
  onChoose: (item: TutorialItem) => void;
}

/** The topic's videos in order: a still, the name, the length ('m:ss') and what it shows. */
export function TutorialItemList({ topic, selectedId, onChoose }: Props) {
  return (
    <ol className={styles.items} aria-label={hu.tutorial.itemsLabel(topic.name)}>
      {topic.tutorial_items.map((item) => {
        const current = item.id === selectedId;
        return (
          <li key={item.id}>
            <button
              type="button"
              className={styles.item}
              aria-current={current ? 'true' : undefined}
              onClick={() => onChoose(item)}
            >
              <span className={styles.thumb} aria-hidden="true">
                {item.poster_url ? <img src={item.poster_url} alt="" loading="lazy" decoding="async" /> : null}
                <span className={styles.thumbPlay}>
                  <PlayIcon size={18} />
                </span>
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemName}>{item.name}</span>
                <span className={styles.itemMeta}>
                  <span>
                    <span className={styles.srOnly}>{hu.tutorial.durationLabel} </span>
                    {formatClock(item.video_duration)}
                  </span>
                  {current ? <span className={styles.now}>{hu.tutorial.playing}</span> : null}
                </span>
                {item.description ? <span className={styles.itemDescription}>{item.description}</span> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
