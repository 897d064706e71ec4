import type { ChannelCard } from '@/lib/channels/catalogue';
import { CoverImage } from '@/components/ui/CoverImage';
import { PlayableTile } from '@/components/player/PlayableTile';
import { formatTrackCount } from '@/lib/format/count';
import { formatHoursMinutes } from '@/lib/format/duration';
import { channels as huChannels } from '@/lib/i18n/hu/channels';
import { defaultChannelCover } from './cover';

const hu = { channels: huChannels };

/** A channel's tile: its cover, name, track count and length, and the play button. */
export function ChannelTile({ channel, priority = false }: { channel: ChannelCard; priority?: boolean }) {
  return (
    <PlayableTile
      kind="channel"
      id={channel.id}
      href={`/channels/${channel.id}`}
      name={channel.name}
      meta={`${formatTrackCount(channel.tracks_count)} · ${formatHoursMinutes(channel.channel_duration)}`}
      cover={
        <CoverImage
          src={channel.image_url}
          fallback={defaultChannelCover(channel.id)}
          alt=""
          width={300}
          height={300}
          priority={priority}
        />
      }
      playLabel={(playing) => (playing ? hu.channels.pause(channel.name) : hu.channels.play(channel.name))}
    />
  );
}
