import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import { AppProviders } from '@/components/layout/AppProviders';
import { SettingsView } from '@/components/settings/SettingsView';
import { pages } from '@/lib/i18n/hu/pages';
import { getSettingsPage } from '@/lib/server';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.settings };

/** The page's heading first (SettingsView's own); the sections once their reads are in. */
export default function SettingsPage() {
  return (
    <Suspense fallback={<PageHeading>{hu.pages.settings}</PageHeading>}>
      <StreamedPart>
        <Settings />
      </StreamedPart>
    </Suspense>
  );
}

async function Settings() {
  const { settings, openingHours, blockedTracks, fallback } = await getSettingsPage();
  return (
    <AppProviders fallback={fallback}>
      <SettingsView initial={settings} openingHours={openingHours} blockedTracks={blockedTracks} />
    </AppProviders>
  );
}
