'use client';

import type { ReactNode } from 'react';
import type { Setting } from '@/contracts';
import { FieldError } from '@/components/ui/FieldError';
import { useFieldError } from '@/components/ui/form-errors';
import { Switch } from '@/components/ui/Switch';
import { TextField } from '@/components/ui/TextField';
import {
  CROSSFADE_SECONDS,
  SETTING_CROSSFADE_SECONDS,
  SETTING_LOUDNESS_NORMALIZE,
  SETTING_SPOT_GAIN_DB,
  SPOT_GAIN_DB,
} from '@/contracts/sound-settings';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { settingLabel } from './SettingRow';
import { ValueEditor } from './ValueSetting';
import styles from './Settings.module.scss';

const hu = { settings: huSettings };

/** The sound settings' keys (issue 28): rows only the bundled API lists, so a Laravel API shows none. */
export const SOUND_EDITORS: Record<string, (props: { setting: Setting }) => ReactNode> = {
  [SETTING_LOUDNESS_NORMALIZE]: LoudnessSetting,
  [SETTING_SPOT_GAIN_DB]: (props) => (
    <WholeNumberSetting
      {...props}
      range={SPOT_GAIN_DB}
      unit={hu.settings.spotGainUnit}
      hint={hu.settings.spotGainHint}
    />
  ),
  [SETTING_CROSSFADE_SECONDS]: (props) => (
    <WholeNumberSetting
      {...props}
      range={CROSSFADE_SECONDS}
      unit={hu.settings.crossfadeUnit}
      hint={hu.settings.crossfadeHint}
    />
  ),
};

function SwitchControl({ label, value, setValue }: { label: string; value: string; setValue: (v: string) => void }) {
  const message = useFieldError(['value', 'key']);
  return (
    <>
      <Switch
        checked={value !== '0'}
        label={label}
        onChange={(on) => setValue(on ? '1' : '0')}
        stateText={{ on: hu.settings.loudnessOn, off: hu.settings.loudnessOff }}
      />
      <FieldError message={message} />
    </>
  );
}

/** 'Hangerő-kiegyenlítés': on ('1') plays every item at the target loudness. */
function LoudnessSetting({ setting }: { setting: Setting }) {
  return (
    <ValueEditor
      setting={setting}
      hint={hu.settings.loudnessHint}
      control={(value, setValue) => (
        <SwitchControl label={settingLabel(setting.key)} value={value} setValue={setValue} />
      )}
    />
  );
}

/** 'Szpotok hangereje' (dB) and 'Áttűnés' (seconds): a whole number in the contract's range. */
function WholeNumberSetting({
  setting,
  range,
  unit,
  hint,
}: {
  setting: Setting;
  range: { min: number; max: number };
  unit: string;
  hint: string;
}) {
  return (
    <ValueEditor
      setting={setting}
      hint={hint}
      control={(value, setValue) => (
        <TextField
          name="value"
          errorKeys={['value', 'key']}
          label={`${settingLabel(setting.key)} (${unit})`}
          className={styles.quietLabel}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
    />
  );
}
