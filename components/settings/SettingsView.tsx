'use client';

import type { Setting } from '@/contracts';
import type { BlockedTrack } from '@/contracts/blocked-tracks';
import type { OpeningHours } from '@/contracts/opening-hours';
import { PageHeading } from '@/components/layout/PageHeading';
import { EmptyState } from '@/components/ui/EmptyState';
import { LOGO_SETTING } from '@/lib/api/customer';
import { TIMEZONE_SETTING, useSettings } from '@/lib/api/settings';
import { errors } from '@/lib/i18n/hu/errors';
import { pages } from '@/lib/i18n/hu/pages';
import { settings as huSettings } from '@/lib/i18n/hu/settings';
import { AlertsSetting } from './AlertsSetting';
import { BlockedTracksSetting } from './BlockedTracksSetting';
import { LogoSetting } from './LogoSetting';
import { OpeningHoursSetting } from './OpeningHoursSetting';
import { SOUND_EDITORS } from './SoundSetting';
import { TextSetting, TimezoneSetting } from './ValueSetting';
import { ZonesSetting } from './ZonesSetting';
import styles from './Settings.module.scss';

const hu = { errors, pages, settings: huSettings };

function SettingEditor({ setting }: { setting: Setting }) {
  if (setting.key === LOGO_SETTING) return <LogoSetting setting={setting} />;
  if (setting.key === TIMEZONE_SETTING) return <TimezoneSetting setting={setting} />;
  const Sound = SOUND_EDITORS[setting.key];
  if (Sound) return <Sound setting={setting} />;
  return <TextSetting setting={setting} />;
}

interface Props {
  initial: Setting[] | null;
  /** The shop's day (issue 26): null when the server did not read them (the browser asks itself). */
  openingHours: OpeningHours | null;
  blockedTracks: BlockedTrack[] | null;
}

/**
 * 'Beállítások' (SPEC.md §2 Settings page): the shop's settings, each edited in its own row; then
 * 'Nyitvatartás', 'Letiltott zenék' and 'Értesítések', sections that hide themselves against an API
 * without them.
 */
export function SettingsView({ initial, openingHours, blockedTracks }: Props) {
  const { list, failed, retry } = useSettings(initial);

  return (
    <>
      <PageHeading>{hu.pages.settings}</PageHeading>
      <p className={styles.intro}>{hu.settings.intro}</p>
      {failed ? (
        <EmptyState tone="notice" title={hu.settings.loadFailed}>
          <button type="button" className={styles.secondary} onClick={retry}>
            {hu.errors.retry}
          </button>
        </EmptyState>
      ) : list === null ? null : list.length === 0 ? (
        <EmptyState title={hu.settings.empty} />
      ) : (
        <ul className={styles.list} aria-label={hu.settings.listLabel}>
          {list.map((setting) => (
            <SettingEditor key={setting.id} setting={setting} />
          ))}
        </ul>
      )}
      <div className={styles.sections}>
        <ZonesSetting />
        <OpeningHoursSetting initial={openingHours} />
        <BlockedTracksSetting initial={blockedTracks} />
        <AlertsSetting />
      </div>
    </>
  );
}
