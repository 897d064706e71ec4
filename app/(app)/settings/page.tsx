import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SettingsView } from '@/components/settings/SettingsView';
import { settingListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { SETTINGS_KEY } from '@/lib/api/settings-keys';
import { pages } from '@/lib/i18n/hu/pages';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.settings };

export default async function SettingsPage() {
  // A failed list shows a notice with 'Újrapróbálás' in its place; the page stays.
  const settings = await apiReadOptional(SETTINGS_KEY, settingListReader);
  return (
    <AppProviders fallback={settings ? { [SETTINGS_KEY]: settings } : {}}>
      <SettingsView initial={settings} />
    </AppProviders>
  );
}
