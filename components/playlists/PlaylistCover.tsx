import type { Playlist } from '@/contracts';
import { CoverImage } from '@/components/ui/CoverImage';
import { PLAYLIST_PLACEHOLDER, TRACK_THUMBNAIL_FALLBACK, collageFor } from './collage';
import styles from './PlaylistCover.module.scss';

interface Props {
  tracks: Playlist['tracks'];
  /** Rendered size in px (the images are requested at this size). */
  size: number;
  priority?: boolean;
  className?: string;
}

/** The cover collage of SPEC.md §5: a 2×2 grid, one image, or the placeholder. */
export function PlaylistCover({ tracks, size, priority = false, className = '' }: Props) {
  const collage = collageFor(tracks);
  return (
    <span className={`${styles.cover} ${className}`} data-collage={collage.kind}>
      {collage.kind === 'placeholder' && (
        <CoverImage
          src={null}
          fallback={PLAYLIST_PLACEHOLDER}
          alt=""
          width={size}
          height={size}
          className={styles.image}
        />
      )}
      {collage.kind === 'single' && (
        <CoverImage
          src={collage.src}
          fallback={TRACK_THUMBNAIL_FALLBACK}
          alt=""
          width={size}
          height={size}
          className={styles.image}
          priority={priority}
        />
      )}
      {collage.kind === 'grid' &&
        collage.srcs.map((src, index) => (
          <CoverImage
            key={index}
            src={src}
            fallback={TRACK_THUMBNAIL_FALLBACK}
            alt=""
            width={Math.ceil(size / 2)}
            height={Math.ceil(size / 2)}
            className={styles.cell}
            priority={priority}
          />
        ))}
    </span>
  );
}
