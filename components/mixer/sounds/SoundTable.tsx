'use client';

import { useEffect, type ReactNode } from 'react';
import type { Sound } from '@/contracts';
import { SOUND_SECONDS_MAX } from '@/contracts/uploads';
import { DataTable, type Column, type RowAction } from '@/components/ui/DataTable';
import { BoltIcon, EqualizerIcon, HeartIcon, PlayIcon, TrashIcon } from '@/components/ui/icons';
import { sounds as huSounds } from '@/lib/i18n/hu/sounds';
import { table as huTable } from '@/lib/i18n/hu/table';
import { hasMark, isOwnSound, soundSource, type SoundMark } from '@/lib/mixer/sounds';
import type { SoundPlayback } from '@/lib/mixer/use-play-sound';
import { TooLongMark } from '../TooLongMark';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import styles from './SoundTable.module.scss';

const hu = { sounds: huSounds, table: huTable };

interface Props {
  sounds: readonly Sound[];
  caption: string;
  playback: SoundPlayback;
  /** The marks whose call is on its way, as `${id}:${mark}`. */
  pending: ReadonlySet<string>;
  onToggle: (sound: Sound, mark: SoundMark) => void;
  onDelete: (sound: Sound) => void;
  empty: ReactNode;
  /** The sound just uploaded, highlighted for a moment. */
  justAdded?: number | null;
}

function PlayButton({
  sound,
  index,
  playback,
  className,
}: {
  sound: Sound;
  index?: number;
  playback: SoundPlayback;
  className?: string;
}) {
  const playing = playback.playingId === sound.id;
  return (
    <button
      type="button"
      className={className}
      aria-label={hu.sounds.play(sound.name)}
      title={hu.sounds.play(sound.name)}
      data-playing={playing ? 'true' : undefined}
      aria-busy={playback.startingId === sound.id || undefined}
      onClick={() => void playback.play(sound.id)}
    >
      {index !== undefined && <span className={styles.number}>{index + 1}</span>}
      <span className={styles.playIcon}>
        <PlayIcon size={18} />
      </span>
      <span className={styles.playingIcon}>
        <EqualizerIcon size={18} />
      </span>
    </button>
  );
}

/**
 * The soundboard's table: the index (a play button on hover, focus or while the sound plays), the
 * name, whose sound it is, the favourite and quick toggles, and delete for the shop's own sounds.
 */
export function SoundTable({ sounds, caption, playback, pending, onToggle, onDelete, empty, justAdded = null }: Props) {
  // The new row may be anywhere in the sorted table: it is brought into view with its mark.
  useEffect(() => {
    if (justAdded !== null) document.querySelector(`.${styles.justAdded}`)?.scrollIntoView({ block: 'nearest' });
  }, [justAdded]);

  const toggle = (sound: Sound, mark: SoundMark) => {
    const on = hasMark(sound, mark);
    const label = mark === 'favorite' ? hu.sounds.favorite(sound.name) : hu.sounds.quick(sound.name);
    return (
      <button
        type="button"
        className={mark === 'favorite' ? styles.favorite : styles.quick}
        aria-label={label}
        title={label}
        aria-pressed={on}
        aria-busy={pending.has(`${sound.id}:${mark}`) || undefined}
        onClick={() => onToggle(sound, mark)}
      >
        {mark === 'favorite' ? <HeartIcon filled={on} size={20} /> : <BoltIcon filled={on} size={20} />}
      </button>
    );
  };

  const columns: readonly Column<Sound>[] = [
    {
      key: 'index',
      header: hu.sounds.indexColumn,
      cell: (sound, index) => (
        <PlayButton sound={sound} index={index} playback={playback} className={styles.indexButton} />
      ),
      width: '4.5rem',
      align: 'center',
      hideOnNarrow: true,
    },
    {
      key: 'name',
      header: hu.sounds.nameColumn,
      // On a phone the index column is gone: the play button comes before the name instead.
      cell: (sound) => (
        <span className={styles.name}>
          <PlayButton sound={sound} playback={playback} className={styles.narrowPlay} />
          <span className={styles.nameText}>
            {sound.name}
            <TooLongMark seconds={sound.duration} maxSeconds={SOUND_SECONDS_MAX} />
          </span>
        </span>
      ),
      sortValue: (sound) => sound.name,
      primary: true,
    },
    { key: 'source', header: hu.sounds.sourceColumn, cell: soundSource, sortValue: soundSource, width: '22%' },
    {
      key: 'favorite',
      header: hu.sounds.favoriteColumn,
      cell: (sound) => toggle(sound, 'favorite'),
      align: 'center',
      width: '7rem',
      className: styles.toggleCell,
    },
    {
      key: 'quick',
      header: hu.sounds.quickColumn,
      cell: (sound) => toggle(sound, 'quick'),
      align: 'center',
      width: '7rem',
      className: styles.toggleCell,
    },
  ];

  const actions: readonly RowAction<Sound>[] = [
    {
      key: 'delete',
      opens: LazyConfirmDialog,
      label: (sound) => hu.table.deleteRow(sound.name),
      icon: <TrashIcon size={20} />,
      onSelect: onDelete,
      danger: true,
      // SPEC.md §6: only the shop's own sounds.
      hidden: (sound) => !isOwnSound(sound),
    },
  ];

  return (
    <DataTable
      rows={sounds}
      columns={columns}
      rowKey={(sound) => sound.id}
      caption={caption}
      actions={actions}
      empty={empty}
      rowClassName={(sound) =>
        [
          styles.row,
          playback.playingId === sound.id ? styles.playing : '',
          justAdded === sound.id ? styles.justAdded : '',
        ]
          .join(' ')
          .trim()
      }
    />
  );
}
