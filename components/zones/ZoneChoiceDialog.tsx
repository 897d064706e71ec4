'use client';

import { useState } from 'react';
import type { Zone } from '@/contracts/zones';
import { Modal } from '@/components/ui/Modal';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import styles from '@/components/ui/ConfirmDialog.module.scss';
import own from './ZoneChoiceDialog.module.scss';

const hu = { zones: huZones };

/** 'Melyik zóna zenéje szóljon ezen az eszközön?': the zones as radio buttons, the bar's chosen first. */
export function ZoneChoiceDialog({
  open,
  zones,
  initial,
  onAnswer,
}: {
  open: boolean;
  zones: Zone[];
  initial: number | null;
  onAnswer: (zone: Zone | null) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(initial ?? zones[0]?.id ?? null);
  return (
    <Modal
      open={open}
      onDismiss={() => onAnswer(null)}
      title={hu.zones.whichZone}
      titleClassName={styles.title}
      className={styles.content}
      overlayClassName={styles.overlay}
    >
      <fieldset className={own.choices}>
        <legend className={own.legend}>{hu.zones.title}</legend>
        {zones.map((zone) => (
          <label key={zone.id} className={own.choice}>
            <input
              type="radio"
              name="zone"
              value={zone.id}
              checked={chosen === zone.id}
              onChange={() => setChosen(zone.id)}
            />
            <span>{zone.name}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={() => onAnswer(null)}>
          {hu.zones.cancel}
        </button>
        <button
          type="button"
          className={styles.confirm}
          disabled={chosen === null}
          onClick={() => onAnswer(zones.find((z) => z.id === chosen) ?? null)}
        >
          {hu.zones.whichZoneConfirm}
        </button>
      </div>
    </Modal>
  );
}
