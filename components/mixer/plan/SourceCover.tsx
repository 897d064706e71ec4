import { defaultChannelCover } from '@/components/channels/cover';
import { PLAYLIST_PLACEHOLDER } from '@/components/playlists/collage';
import { CoverImage } from '@/components/ui/CoverImage';
import type { SourceOption } from '@/lib/mixer/music-plan';
import styles from './MusicPlan.module.scss';

/** A source's cover, small: a channel's image or a playlist's first track, else their placeholders. */
export function SourceCover({ source, size }: { source: Pick<SourceOption, 'type' | 'id' | 'cover'>; size: number }) {
  return (
    <CoverImage
      src={source.cover}
      fallback={source.type === 'channel' ? defaultChannelCover(source.id) : PLAYLIST_PLACEHOLDER}
      alt=""
      width={size}
      height={size}
      className={styles.cover}
    />
  );
}
