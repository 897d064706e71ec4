'use client';

import type { Spot } from '@/contracts';
import { PlayIcon } from '@/components/ui/icons';
import { noteSpot, reloadSpots, SPOTS_KEY, spotPath } from '@/lib/api/spots';
import { spots as huSpots } from '@/lib/i18n/hu/spots';
import { toast as huToast } from '@/lib/i18n/hu/toast';
import { upload as huUpload } from '@/lib/i18n/hu/upload';
import type { SpotPlayback } from '@/lib/mixer/use-play-spot';
import buttons from '../buttons.module.scss';
import { MixerUploadForm } from '../MixerForm';
import styles from './SpotForm.module.scss';

const hu = { spots: huSpots, toast: huToast, upload: huUpload };

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The spot being edited, or null for a new upload. */
  spot: Spot | null;
  /** 'Azonnali lejátszás' for the spot being edited (offered only by the bundled API). */
  playNow?: SpotPlayback;
}

/**
 * Upload a new spot (name and MP3) or edit one: in edit mode the current file plays in a preview and
 * the picker says 'Fájl csere'; without a new file the server keeps the old one. Enter submits, the
 * upload shows its real progress, each field its first server error.
 */
export function SpotForm({ open, onOpenChange, spot, playNow }: Props) {
  return (
    <MixerUploadForm<Spot>
      open={open}
      onOpenChange={onOpenChange}
      title={spot ? hu.spots.editTitle : hu.spots.upload}
      description={hu.spots.formHint}
      nameLabel={hu.spots.name}
      namePlaceholder={hu.spots.namePlaceholder}
      defaultName={spot?.name ?? ''}
      path={spot ? spotPath(spot.id) : SPOTS_KEY}
      extraFields={spot ? (data) => data.set('id', String(spot.id)) : undefined}
      note={noteSpot}
      reload={reloadSpots}
      sentToast={hu.toast.saved}
      buttonLabel={spot ? hu.upload.replace : undefined}
    >
      {spot && spot.url ? (
        <div className={styles.current}>
          <p className={styles.currentName}>{hu.spots.currentFile(spot.file_name || spot.name)}</p>
          <audio
            className={styles.preview}
            controls
            preload="metadata"
            src={spot.url}
            aria-label={hu.spots.preview(spot.name)}
            data-spot-preview=""
          />
          {playNow?.available ? (
            <button
              type="button"
              className={`${buttons.secondary} ${styles.playNow}`}
              disabled={playNow.sendingId === spot.id}
              onClick={() => void playNow.play(spot.id)}
            >
              <PlayIcon size={20} />
              {hu.spots.playNow}
            </button>
          ) : null}
        </div>
      ) : null}
    </MixerUploadForm>
  );
}
