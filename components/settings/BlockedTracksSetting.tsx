'use client';

import { useState } from 'react';
import type { BlockedTrack } from '@/contracts/blocked-tracks';
import { CoverImage } from '@/components/ui/CoverImage';
import { toggleBlockedTrack, useBlockedTracks } from '@/lib/api/blocked-tracks';
import { trackArtist, trackTitle } from '@/lib/format/track';
import { errors as huErrors } from '@/lib/i18n/hu/errors';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { tracks as huTracks } from '@/lib/i18n/hu/tracks';
import { Section } from './OpeningHoursSetting';
import styles from './BlockedTracks.module.scss';
import rowStyles from './Settings.module.scss';

const hu = { errors: huErrors, settings: huSettings, tracks: huTracks };

const DEFAULT_COVER = '/img/pulse_2.svg';

function BlockedRow({ track }: { track: BlockedTrack }) {
  const [busy, setBusy] = useState(false);
  const title = trackTitle(track);
  return (
    <li className={styles.row}>
      <CoverImage
        src={track.image_thumbnail_url}
        fallback={DEFAULT_COVER}
        alt=""
        width={48}
        height={48}
        className={styles.cover}
      />
      <span className={styles.titles}>
        <span className={styles.title}>{title}</span>
        <span className={styles.artist}>{trackArtist(track)}</span>
      </span>
      <button
        type="button"
        className={styles.unblock}
        aria-label={hu.tracks.unblockOf(title)}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void toggleBlockedTrack(track).finally(() => setBusy(false));
        }}
      >
        {hu.tracks.unblock}
      </button>
    </li>
  );
}

/**
 * 'Letiltott zenék' (issue 26): the tracks the shop never wants again, latest first, each with
 * 'Tiltás feloldása'. A Laravel API has no such call (404): the section is not shown at all.
 */
export function BlockedTracksSetting({ initial }: { initial: BlockedTrack[] | null }) {
  const { list, supported, failed, retry } = useBlockedTracks(initial);
  if (supported === false) return null;
  if (!failed && list === null) return null;
  return (
    <Section title={hu.settings.blockedTitle} hint={hu.settings.blockedHint} id="blocked-tracks">
      {failed || list === null ? (
        <>
          <p className={styles.muted}>{hu.settings.blockedLoadFailed}</p>
          <button type="button" className={rowStyles.secondary} onClick={retry}>
            {hu.errors.retry}
          </button>
        </>
      ) : list.length === 0 ? (
        <p className={styles.muted}>{hu.settings.blockedEmpty}</p>
      ) : (
        <ul className={styles.list} aria-label={hu.settings.blockedTitle}>
          {list.map((track) => (
            <BlockedRow key={track.id} track={track} />
          ))}
        </ul>
      )}
    </Section>
  );
}
