'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import type { Setting } from '@/contracts';
import { FormActions } from '@/components/ui/FormActions';
import { FormErrors } from '@/components/ui/form-errors';
import { SelectField, TextField } from '@/components/ui/TextField';
import { settingApi } from '@/lib/api/settings';
import { form as huForm } from '@/lib/i18n/hu/form';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { SettingRow, settingLabel } from './SettingRow';
import { timeZoneChoices, timeZoneLabel } from './time-zones';
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
function ValueEditor({ setting, hint, control }: EditorProps) {
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

/** 'Időzóna': the shop's IANA zone, which the scheduler fires in; a select of the zones. */
export function TimezoneSetting({ setting }: { setting: Setting }) {
  const { first, others } = timeZoneChoices(setting.value);
  return (
    <ValueEditor
      setting={setting}
      hint={hu.settings.timezoneHint}
      control={(value, setValue) => (
        <SelectField
          name="value"
          errorKeys={['value', 'key']}
          label={settingLabel(setting.key)}
          className={styles.quietLabel}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        >
          {first.map((zone) => (
            <option key={zone} value={zone}>
              {timeZoneLabel(zone)}
            </option>
          ))}
          <optgroup label={hu.settings.otherZones}>
            {others.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        </SelectField>
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
