'use client';

import type { ReactNode } from 'react';
import { IntentLink } from '@/components/ui/IntentLink';
import { ChevronLeftIcon, PauseIcon, PlayIcon } from '@/components/ui/icons';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import type { PlayableKind } from '@/lib/player/use-player';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import styles from './PlayableHeader.module.scss';
import { preloadEngineOnIntent } from '@/lib/player/use-player-engine';

const hu = { player: huPlayer };

interface Props {
  kind: PlayableKind;
  id: number;
  /** The link back to the list the page was opened from. */
  back: { href: string; label: string };
  /** `landscape`: the picture fills the header behind the text; `collage`: it stands beside the text. */
  layout: 'landscape' | 'collage';
  picture: ReactNode;
  name: string;
  /** A button beside the name (rename). */
  nameAction?: ReactNode;
  /** Shown in place of the name while it is edited. */
  nameEditor?: ReactNode;
  description?: string | null;
  trackCount: number;
  /** Seconds, shown as hours and minutes. */
  duration: number;
  /** An empty list has nothing to play: the play button is disabled. */
  playDisabled?: boolean;
  /** The buttons after play, given the round buttons' class. */
  controls: (roundButton: string) => ReactNode;
}

/**
 * The header of a channel's or a playlist's page: back link, picture, name, count and length, the
 * play button and the page's own buttons, and whether the player has it now. One header for both, as
 * `PlayableTile` is one tile, so the two pages cannot drift apart.
 */
export function PlayableHeader({
  kind,
  id,
  back,
  layout,
  picture,
  name,
  nameAction,
  nameEditor,
  description,
  trackCount,
  duration,
  playDisabled = false,
  controls,
}: Props) {
  const { active, playing, unknown } = usePlayableState(kind, id);
  const { playChannel, playPlaylist } = usePlayerActions();

  return (
    <>
      <IntentLink href={back.href} className={styles.back}>
        <ChevronLeftIcon />
        {back.label}
      </IntentLink>

      <header className={`${styles.hero} ${styles[layout]}`}>
        {picture}
        <div className={styles.heroBody}>
          {nameEditor ??
            (nameAction ? (
              <div className={styles.nameRow}>
                <h1 className={styles.name}>{name}</h1>
                {nameAction}
              </div>
            ) : (
              <h1 className={styles.name}>{name}</h1>
            ))}
          {description && <p className={styles.description}>{description}</p>}
          <p className={styles.meta}>
            <span>{formatTrackCount(trackCount)}</span>
            <span aria-hidden="true"> · </span>
            <span>{formatHoursMinutes(duration)}</span>
          </p>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.playButton}
              disabled={playDisabled}
              {...preloadEngineOnIntent}
              onClick={() => void (kind === 'channel' ? playChannel(id) : playPlaylist(id))}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              <span>{playing ? hu.player.pause : hu.player.play}</span>
            </button>
            {controls(styles.iconButton!)}
          </div>
          {active && !unknown && <p className={styles.status}>{playing ? hu.player.nowPlaying : hu.player.paused}</p>}
        </div>
      </header>
    </>
  );
}
