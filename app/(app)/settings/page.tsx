import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SettingsView } from '@/components/settings/SettingsView';
import { pages } from '@/lib/i18n/hu/pages';
import { getSettingsPage } from '@/lib/server';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.settings };

export default async function SettingsPage() {
  const { settings, openingHours, blockedTracks, fallback } = await getSettingsPage();
  return (
    <AppProviders fallback={fallback}>
      <SettingsView initial={settings} openingHours={openingHours} blockedTracks={blockedTracks} />
    </AppProviders>
  );
}
