'use client';

import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { Track } from '@/contracts';
import { LazyMenuTrigger } from '@/components/ui/LazyMenuTrigger';
import { MoreIcon } from '@/components/ui/icons';
import { useBlockedTracks } from '@/lib/api/blocked-tracks';
import { trackTitle } from '@/lib/format/track';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import type { TrackMenuDropdown } from './TrackMenuDropdown';
import styles from './TrackMenu.module.scss';

const hu = { tracks: huTracks };

const loadDropdown = () => import('./TrackMenuDropdown');

interface Props {
  track: Track;
  /** The trigger's look (the player bar's icon button); a track row's by default. */
  className?: string;
  /** Which side the menu opens on (the player bar's opens upwards). */
  side?: 'top' | 'bottom';
  /**
   * Open at once: the menu was open (or being opened) in a row that a list has just rebuilt, as a
   * playlist's list does when its drag-and-drop code arrives (PlaylistTrackList).
   */
  defaultOpen?: boolean;
}

/**
 * A track's menu of further actions: 'Hozzáadás lejátszási listához' (the one playlist modal), and
 * 'Szám letiltása', or 'Tiltás feloldása' for a blocked one.
 * Shown only when the API keeps blocked tracks (a Laravel API answers 404: nothing is offered).
 * Until the first press the trigger is a look-alike, so Radix's menu code loads only when used.
 */
export function TrackMenu({ track, className, side = 'bottom', defaultOpen = false }: Props) {
  const { supported } = useBlockedTracks();
  const [Dropdown, setDropdown] = useState<ComponentType<Parameters<typeof TrackMenuDropdown>[0]> | null>(null);
  const arm = useCallback(() => void loadDropdown().then((m) => setDropdown(() => m.TrackMenuDropdown)), []);
  // Read as the menu mounts: the list may drop the wish right after, and this menu still opens.
  const [openOnMount] = useState(defaultOpen);
  const reopen = openOnMount && supported === true;
  useEffect(() => {
    if (reopen) arm();
  }, [reopen, arm]);
  const trigger = className ?? styles.trigger;
  // Until the API has said whether it offers the menu, its place is kept: the row's other buttons
  // must not move under a finger or a pointer on their way to them when the trigger appears.
  if (supported === null) return <span className={trigger} aria-hidden="true" style={{ visibility: 'hidden' }} />;
  if (supported !== true) return null;
  const label = hu.tracks.menuOf(trackTitle(track));
  if (Dropdown) return <Dropdown track={track} className={trigger} label={label} side={side} defaultOpen />;
  return (
    <LazyMenuTrigger className={trigger} aria-label={label} title={hu.tracks.menu} preload={loadDropdown} onArm={arm}>
      <MoreIcon />
    </LazyMenuTrigger>
  );
}
