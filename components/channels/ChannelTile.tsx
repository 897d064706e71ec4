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
import { defaultChannelCover } from './cover';
import { PauseIcon, PlayIcon } from '@/components/ui/icons';
import styles from './ChannelTile.module.scss';

const hu = { channels: huChannels, player: huPlayer };

interface Props {
  channel: ChannelCard;
  priority?: boolean;
}

/** Cover, name, track count and length; the play button sits over the cover, beside (not inside) the link. */
export function ChannelTile({ channel, priority = false }: Props) {
  const { active, playing } = usePlayableState('channel', channel.id);
  const { playChannel } = usePlayerActions();

  return (
    <article className={`${styles.tile} ${active ? styles.active : ''}`} data-active={active || undefined}>
      <IntentLink href={`/channels/${channel.id}`} className={styles.link}>
        <span className={styles.coverBox}>
          <CoverImage
            src={channel.image_url}
            fallback={defaultChannelCover(channel.id)}
            alt=""
            width={300}
            height={300}
            className={styles.cover}
            priority={priority}
          />
        </span>
        <span className={styles.name}>{channel.name}</span>
        <span className={styles.meta}>
          {formatTrackCount(channel.tracks_count)} · {formatHoursMinutes(channel.channel_duration)}
        </span>
        {active && <span className={styles.badge}>{playing ? hu.player.nowPlaying : hu.player.paused}</span>}
      </IntentLink>
      <div className={styles.overCover}>
        <button
          type="button"
          className={styles.play}
          aria-label={playing ? hu.channels.pause(channel.name) : hu.channels.play(channel.name)}
          onClick={() => void playChannel(channel.id)}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      </div>
    </article>
  );
}
