'use client';

import { startTransition, useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { Setting } from '@/contracts';
import { FormActions } from '@/components/ui/FormActions';
import { FormErrors } from '@/components/ui/form-errors';
import { SelectField, TextField } from '@/components/ui/TextField';
import { settingApi } from '@/lib/api/settings';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { whenIdle } from '@/lib/realtime/wake';
import { SettingRow, settingLabel } from './SettingRow';
import { filterTimeZones, prepareTimeZoneChoices, timeZoneGroups } from './time-zones';
import { useSettingSubmit } from './use-setting-submit';
import styles from './Settings.module.scss';

const hu = { form: huForm, settings: huSettings };

interface EditorProps {
  setting: Setting;
  hint?: ReactNode;
  /** The control, given the value being edited and its setter. */
  control: (value: string, setValue: (value: string) => void) => ReactNode;
}

/**
 * A setting edited in place: its control and 'Mentés', enabled once the value differs from the
 * saved one; the server's `errors.value` (or `errors.key`) under the control.
 */
export function ValueEditor({ setting, hint, control }: EditorProps) {
  const saved = setting.value ?? '';
  const [value, setValue] = useState(saved);
  const save = useSettingSubmit((signal) => settingApi.save(setting, value, signal));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.submit();
  };

  return (
    <SettingRow title={settingLabel(setting.key)} hint={hint} saved={save.saved}>
      <FormErrors value={save.errors}>
        <form className={styles.inline} onSubmit={onSubmit} noValidate>
          <div className={styles.inlineField}>{control(value, setValue)}</div>
          <FormActions
            busy={save.busy}
            submitLabel={hu.form.save}
            busyLabel={hu.form.saving}
            submitDisabled={value === saved}
            className={styles.inlineActions}
          />
        </form>
      </FormErrors>
    </SettingRow>
  );
}

/** An idle period builds zones' choices at most this long (its own time left, if shorter). */
const ZONE_SLICE_MS = 8;
/** An idle period may come this late at most. */
const ZONE_IDLE_LIMIT_MS = 1_000;

/**
 * Whether the select offers every zone the browser knows. The server's HTML offers only Budapest (and
 * the saved zone): the zones Node's ICU knows differ from the browser's, so the two never disagree.
 * The browser's own list is built a slice per idle period once the page has started (built at once,
 * it was the page's longest task), or at once when the manager turns to the picker (`wanted`).
 */
function useAllZones(): { all: boolean; wanted: () => void } {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all) return undefined;
    let cancel = () => {};
    const slice = (deadline?: IdleDeadline) => {
      const budget = Math.max(4, Math.min(deadline?.timeRemaining() ?? ZONE_SLICE_MS, ZONE_SLICE_MS));
      if (prepareTimeZoneChoices(new Date(), performance.now() + budget)) startTransition(() => setAll(true));
      else cancel = whenIdle(slice, ZONE_IDLE_LIMIT_MS);
    };
    cancel = whenIdle(slice, ZONE_IDLE_LIMIT_MS);
    return () => cancel();
  }, [all]);
  const wanted = useCallback(() => setAll(true), []);
  return { all, wanted };
}

/**
 * 'Időzóna': the shop's IANA zone, which the scheduler fires in. A search (place, IANA name, region
 * or offset) narrows the select, whose zones are grouped by region with today's offset, Budapest
 * first; the select stays the control, so phones get their own picker.
 */
export function TimezoneSetting({ setting }: { setting: Setting }) {
  const [query, setQuery] = useState('');
  const { all, wanted } = useAllZones();
  // Today's offsets: 'Budapest (UTC+01:00)' in winter, '+02:00' in summer.
  const groups = useMemo(() => timeZoneGroups(setting.value, new Date(), all ? undefined : []), [setting.value, all]);
  const shown = filterTimeZones(groups, query);
  const matches = shown.slice(1).reduce((n, g) => n + g.zones.length, 0);
  return (
    <ValueEditor
      setting={setting}
      hint={hu.settings.timezoneHint}
      control={(value, setValue) => (
        <>
          <TextField
            name="zone-search"
            type="search"
            label={hu.settings.zoneSearch}
            className={styles.zoneSearch}
            value={query}
            placeholder={hu.settings.zoneSearchPlaceholder}
            autoComplete="off"
            hint={query && matches === 0 ? hu.settings.zoneNoMatch : undefined}
            onFocus={wanted}
            onPointerDown={wanted}
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              // The first match becomes the choice, so typing a place and pressing 'Mentés' saves it.
              const first = filterTimeZones(groups, next)[1]?.zones[0];
              if (next.trim() && first) setValue(first.value);
            }}
            onKeyDown={(event) => {
              // Enter in the search picks, it does not save.
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          <SelectField
            name="value"
            errorKeys={['value', 'key']}
            label={settingLabel(setting.key)}
            className={styles.quietLabel}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onFocus={wanted}
            onPointerDown={wanted}
          >
            {shown[0]!.zones.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
            {shown.slice(1).map((group) => (
              <optgroup key={group.region} label={group.region}>
                {group.zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
        </>
      )}
    />
  );
}

/** A setting this page has no editor of its own for: its value as text. */
export function TextSetting({ setting }: { setting: Setting }) {
  return (
    <ValueEditor
      setting={setting}
      hint={hu.settings.valueHint}
      control={(value, setValue) => (
        <TextField
          name="value"
          errorKeys={['value', 'key']}
          label={settingLabel(setting.key)}
          className={styles.quietLabel}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
    />
  );
}
