'use client';

import { useState, type ReactNode } from 'react';
import { MIXER_NAME_MAX } from '@/contracts/names';
import type { Zone } from '@/contracts/zones';
import { TextField } from '@/components/ui/TextField';
import { FieldError } from '@/components/ui/FieldError';
import { GripIcon } from '@/components/ui/icons';
import { LazyConfirmDialog } from '@/components/ui/lazy';
import { BrowserApiError, errorsFrom, type FieldErrors } from '@/lib/api/fetcher';
import { noteZones, reloadZones, useZones, zonesApi } from '@/lib/api/zones';
import { form as huForm } from '@/lib/i18n/hu/form';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { moveItem } from '@/lib/mixer/zones';
import { useFormSubmit } from '@/lib/ui/use-form-submit';
import { showToast } from '@/lib/ui/toast';
import { Section } from './OpeningHoursSetting';
import type { ZoneRowDrag } from './ZoneSortableRows';
import styles from './Zones.module.scss';

const hu = { form: huForm, zones: huZones };

type Sortable = typeof import('./ZoneSortableRows');
const loadSortable = () => import('./ZoneSortableRows');

/** The first message of a failure: the name's, else any field's (the API's 422s), else the general one. */
function firstError(errors: FieldErrors, field = 'name'): string | undefined {
  return errors[field]?.[0] ?? Object.values(errors).find((list) => list.length)?.[0];
}

/**
 * A zone's name in a form of its own: 'Új zóna' (empty, its button beside it) and 'Átnevezés' (the
 * current name, 'Mentés' and 'Mégse'). `save` throws the API's 422s, shown under the field.
 */
function ZoneNameForm({
  id,
  initial,
  label,
  className,
  autoFocus,
  save,
  children,
}: {
  /** The field's id: the add form and a rename form show at once, and each label must find its own. */
  id: string;
  initial: string;
  label: string;
  className: string | undefined;
  autoFocus?: boolean;
  save: (name: string, signal: AbortSignal) => Promise<unknown>;
  children: (busy: boolean) => ReactNode;
}) {
  const [name, setName] = useState(initial);
  const form = useFormSubmit(async (signal) => {
    await save(name, signal);
    setName(initial);
  });
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <TextField
        name="name"
        id={id}
        label={label}
        className={styles.editField}
        value={name}
        maxLength={MIXER_NAME_MAX}
        autoComplete="off"
        autoFocus={autoFocus}
        error={firstError(form.errors) ?? ''}
        onChange={(event) => {
          setName(event.target.value);
          form.clearErrors();
        }}
      />
      {children(form.busy)}
    </form>
  );
}

function AddZone() {
  return (
    <ZoneNameForm
      id="zone-new-name"
      initial=""
      label={hu.zones.add}
      className={styles.addForm}
      save={async (name, signal) => {
        const zone = await zonesApi.create(name, signal);
        await reloadZones().catch(() => noteZones([]));
        showToast(`${hu.zones.added} (${zone.name})`);
      }}
    >
      {(busy) => (
        <button type="submit" className={styles.primary} disabled={busy} data-add-zone="">
          {hu.zones.add}
        </button>
      )}
    </ZoneNameForm>
  );
}

function RenameForm({ zone, onDone }: { zone: Zone; onDone: () => void }) {
  return (
    <ZoneNameForm
      id={`zone-${zone.id}-name`}
      initial={zone.name}
      label={hu.zones.name}
      className={styles.edit}
      autoFocus
      save={async (name, signal) => {
        await noteZonesWith(await zonesApi.rename(zone.id, name, signal));
        onDone();
      }}
    >
      {(busy) => (
        <span className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {hu.zones.save}
          </button>
          <button type="button" className={styles.secondary} onClick={onDone}>
            {hu.zones.cancel}
          </button>
        </span>
      )}
    </ZoneNameForm>
  );
}

/** The saved zone into the cached list, in its place. */
async function noteZonesWith(saved: Zone): Promise<void> {
  const list = await reloadZones().catch(() => undefined);
  if (!list) await noteZones([saved]);
}

function ZoneRow({
  zone,
  handle,
  onDelete,
  error,
}: {
  zone: Zone;
  handle: ReactNode;
  onDelete: (zone: Zone) => void;
  error: string | undefined;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      {handle}
      {editing ? (
        <RenameForm zone={zone} onDone={() => setEditing(false)} />
      ) : (
        <>
          <span className={styles.name}>{zone.name}</span>
          <span className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              aria-label={`${hu.zones.rename}: ${zone.name}`}
              onClick={() => setEditing(true)}
            >
              {hu.zones.rename}
            </button>
            <button
              type="button"
              className={styles.secondary}
              aria-label={`${hu.zones.delete}: ${zone.name}`}
              onClick={() => onDelete(zone)}
            >
              {hu.zones.delete}
            </button>
          </span>
        </>
      )}
      {error && (
        <span className={styles.rowError}>
          <FieldError message={error} />
        </span>
      )}
    </>
  );
}

/**
 * 'Zónák' (issue 43): the shop's zones in order, 'Új zóna', 'Átnevezés', 'Törlés' (confirmed), and
 * their order by drag (the drag-and-drop library is fetched when the pointer or the focus first comes
 * to the list). Shown when the API has zones (the bundled one), with one zone too: that is where the
 * second is made. A Laravel API has none: no section.
 */
export function ZonesSetting() {
  const zones = useZones();
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [sortable, setSortable] = useState<Sortable | null>(null);
  const [order, setOrder] = useState<Zone[] | null>(null);
  if (zones.length === 0) return null;
  const shown = order ?? zones;

  const warm = () => {
    if (!sortable && zones.length > 1) void loadSortable().then(setSortable, () => undefined);
  };

  const move = (from: number, to: number) => {
    const next = moveItem(shown, from, to);
    setOrder(next);
    zonesApi
      .reorder(next.map((z) => z.id))
      .then((list) => noteZones(list))
      .catch((error: unknown) => {
        setRowErrors({ [next[to]!.id]: firstError(errorsFrom(error, hu.zones.reorderFailed), 'ids') ?? '' });
        return reloadZones();
      })
      .catch(() => undefined)
      .finally(() => setOrder(null));
  };

  const remove = async (zone: Zone) => {
    try {
      await zonesApi.remove(zone.id);
      setRowErrors({});
      showToast(hu.zones.deleted);
    } catch (error) {
      // 'Az utolsó zóna nem törölhető.' comes as the answer's message (422), not under a field.
      const said =
        error instanceof BrowserApiError && Object.keys(error.errors).length === 0 && error.status < 500
          ? error.message
          : firstError(errorsFrom(error, hu.form.failed), 'zone');
      setRowErrors({ [zone.id]: said ?? hu.form.failed });
    }
    await reloadZones().catch(() => undefined);
  };

  const row = (zone: Zone, handle: ReactNode) => (
    <ZoneRow zone={zone} handle={handle} onDelete={setDeleting} error={rowErrors[zone.id]} />
  );

  return (
    <Section title={hu.zones.title} hint={hu.zones.hint} id="zones">
      <div onPointerEnter={warm} onFocusCapture={warm} onTouchStart={warm}>
        {sortable ? (
          <sortable.ZoneSortableRows
            zones={shown}
            listClassName={styles.list ?? ''}
            listLabel={hu.zones.title}
            onMove={move}
            row={(zone, drag: ZoneRowDrag) => (
              <li
                ref={drag.provided.innerRef}
                {...drag.provided.draggableProps}
                className={`${styles.row} ${drag.dragging ? styles.dragging : ''}`}
                data-zone-row={zone.name}
              >
                {row(
                  zone,
                  <span
                    {...drag.provided.dragHandleProps}
                    className={styles.handle}
                    aria-label={hu.zones.reorderHandle(zone.name)}
                  >
                    <GripIcon size={18} />
                  </span>,
                )}
              </li>
            )}
          />
        ) : (
          <ul className={styles.list} aria-label={hu.zones.title}>
            {shown.map((zone) => (
              <li key={zone.id} className={styles.row} data-zone-row={zone.name}>
                {row(
                  zone,
                  zones.length > 1 ? (
                    <span className={styles.handle} aria-hidden="true">
                      <GripIcon size={18} />
                    </span>
                  ) : null,
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <AddZone />
      <LazyConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? hu.zones.deleteTitle(deleting.name) : ''}
        description={hu.zones.deleteHint}
        confirmLabel={hu.zones.deleteConfirm}
        cancelLabel={hu.zones.cancel}
        danger
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
    </Section>
  );
}
