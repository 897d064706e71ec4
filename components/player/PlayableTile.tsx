'use client';

import type { ReactNode } from 'react';
import { IntentLink } from '@/components/ui/IntentLink';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import type { PlayableKind } from '@/lib/player/use-player';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { useZonesPlaying } from '@/lib/player/use-zones';
import styles from './PlayableTile.module.scss';
import { preloadEngineOnIntent } from '@/lib/player/use-player-engine';

const hu = { player: huPlayer };

interface Props {
  kind: PlayableKind;
  id: number;
  href: string;
  name: string;
  /** The line under the name: track count and length. */
  meta: string;
  /** The square cover, filling its box. */
  cover: ReactNode;
  /** The play button's name, by whether this one is playing now. */
  playLabel: (playing: boolean) => string;
  /** False hides the play button (an empty list has nothing to play). */
  playable?: boolean;
}

/**
 * The tile of a channel or a playlist: cover, name, count and length in one link, and the play
 * button over the cover, beside (not inside) the link; marked while it is what the player has.
 */
export function PlayableTile({ kind, id, href, name, meta, cover, playLabel, playable = true }: Props) {
  const { active, playing, unknown } = usePlayableState(kind, id);
  const { playChannel, playPlaylist } = usePlayerActions();
  // Zones (issue 43): where it plays now, every zone ('Szól: Kávézó, Terasz'); the play button plays on the bar's zone.
  const playsIn = useZonesPlaying(kind, id);

  return (
    <article className={`${styles.tile} ${active ? styles.active : ''}`} data-active={active || undefined}>
      <IntentLink href={href} className={styles.link}>
        <span className={styles.coverBox}>{cover}</span>
        <span className={styles.name}>{name}</span>
        <span className={styles.meta}>{meta}</span>
        {active && !unknown && (
          <span className={styles.badge}>{playing ? hu.player.nowPlaying : hu.player.paused}</span>
        )}
        {playsIn && (
          <span className={styles.zones} data-plays-in="">
            {playsIn}
          </span>
        )}
      </IntentLink>
      {playable && (
        <div className={styles.overCover}>
          <button
            type="button"
            className={styles.play}
            aria-label={playLabel(playing)}
            {...preloadEngineOnIntent}
            onClick={() => void (kind === 'channel' ? playChannel(id) : playPlaylist(id))}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
        </div>
      )}
    </article>
  );
}
