'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import type { ChannelCard } from '@/lib/channels/catalogue';
import { CoverImage } from '@/components/ui/CoverImage';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { usePlayableState } from '@/lib/player/use-player';
import { usePlayerActions } from '@/lib/player/use-player-actions';
import { DEFAULT_LANDSCAPE, defaultChannelCover } from './cover';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import styles from './FeaturedSlide.module.scss';
import { preloadEngineOnIntent } from '@/lib/player/use-player-engine';
import { useZonesPlaying } from '@/lib/player/use-zones';

const hu = { channels: huChannels, player: huPlayer };

/** A wide card of the featured carousel: the channel's landscape image with its cover and name on it. */
export function FeaturedSlide({ channel, priority = false }: { channel: ChannelCard; priority?: boolean }) {
  const { active, playing, unknown } = usePlayableState('channel', channel.id);
  const { playChannel } = usePlayerActions();
  // Zones (issue 43): where it plays now ('Szól: Kávézó, Terasz'), as the tiles say it.
  const playsIn = useZonesPlaying('channel', channel.id);

  return (
    <article className={`${styles.card} ${active ? styles.active : ''}`} data-active={active || undefined}>
      <IntentLink href={`/channels/${channel.id}`} className={styles.link}>
        <CoverImage
          src={channel.landscape_url}
          fallback={DEFAULT_LANDSCAPE}
          alt=""
          width={800}
          height={350}
          className={styles.landscape}
          priority={priority}
        />
        <span className={styles.shade} />
        <span className={styles.body}>
          <CoverImage
            src={channel.image_url}
            fallback={defaultChannelCover(channel.id)}
            alt=""
            width={72}
            height={72}
            className={styles.cover}
            priority={priority}
          />
          <span className={styles.text}>
            <span className={styles.name}>{channel.name}</span>
            <span className={styles.meta}>
              {formatTrackCount(channel.tracks_count)} · {formatHoursMinutes(channel.channel_duration)}
              {active && !unknown && <> · {playing ? hu.player.nowPlaying : hu.player.paused}</>}
            </span>
            {playsIn && (
              <span className={styles.meta} data-plays-in="">
                {playsIn}
              </span>
            )}
          </span>
        </span>
      </IntentLink>
      <button
        type="button"
        className={styles.play}
        aria-label={playing ? hu.channels.pause(channel.name) : hu.channels.play(channel.name)}
        {...preloadEngineOnIntent}
        onClick={() => void playChannel(channel.id)}
      >
        {playing ? <PauseIcon size={26} /> : <PlayIcon size={26} />}
      </button>
    </article>
  );
}
