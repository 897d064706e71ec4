'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import type { Zone } from '@/contracts/zones';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { BrowserApiError } from '@/lib/api/fetcher';
import { useZoneUi, zonesApi } from '@/lib/api/zones';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { zoneQuery } from '@/lib/mixer/zones';
import { form as huForm } from '@/lib/i18n/hu/form';
import { showToast } from '@/lib/ui/toast';
import styles from './MusicPlan.module.scss';

const hu = { form: huForm, zones: huZones };

/**
 * Above the week (issue 43, with more than one zone): the zone whose plan is shown ('Zóna', its
 * `?zone=`), and 'Hét másolása ide: …', which copies this zone's week to another after a question.
 */
export function PlanZones({ zone }: { zone: number | null }) {
  const zones = useZoneUi();
  const router = useRouter();
  const [copyTo, setCopyTo] = useState<Zone | null>(null);
  const id = useId();
  if (!zones.length) return null;
  const current = zones.find((z) => z.id === zone) ?? zones[0]!;
  const others = zones.filter((z) => z.id !== current.id);

  const copy = async (target: Zone) => {
    try {
      await zonesApi.copyWeek(current.id, target.id);
      showToast(hu.zones.copied(target.name));
    } catch (error) {
      const said = error instanceof BrowserApiError ? Object.values(error.errors).flat()[0] : undefined;
      showToast(said ?? hu.form.failed);
    }
  };

  return (
    <div className={styles.zones}>
      <div className={styles.zoneField}>
        <label className={styles.zoneLabel} htmlFor={`${id}-zone`}>
          {hu.zones.picker}
        </label>
        <select
          id={`${id}-zone`}
          className={styles.zoneSelect}
          value={current.id}
          onChange={(event) => {
            const id = Number(event.target.value);
            router.push(`/mixer/plan${zoneQuery(id === zones[0]!.id ? null : id)}`);
          }}
        >
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.zoneField}>
        <label className={styles.zoneLabel} htmlFor={`${id}-copy`}>
          {hu.zones.copyWeek}
        </label>
        <select
          id={`${id}-copy`}
          className={styles.zoneSelect}
          value=""
          onChange={(event) => {
            const target = others.find((z) => String(z.id) === event.target.value);
            if (target) setCopyTo(target);
          }}
        >
          <option value="" disabled>
            {hu.zones.copyWeekPick}
          </option>
          {others.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </select>
      </div>
      <LazyConfirmDialog
        open={copyTo !== null}
        onOpenChange={(open) => {
          if (!open) setCopyTo(null);
        }}
        title={copyTo ? hu.zones.copyWeekTo(copyTo.name) : ''}
        description={copyTo ? hu.zones.copyWeekAsk(current.name, copyTo.name) : undefined}
        confirmLabel={hu.zones.copyWeekTo(copyTo?.name ?? '')}
        cancelLabel={hu.zones.cancel}
        onConfirm={() => (copyTo ? copy(copyTo) : undefined)}
      />
    </div>
  );
}
