import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { MusicPlanUnavailable } from '@/components/mixer/plan/MusicPlanUnavailable';
import { MusicPlanView } from '@/components/mixer/plan/MusicPlanView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getMusicPlanPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.plan };

export default async function MusicPlanPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Zones (issue 43): `?zone=` picks the zone whose plan the page shows (none: the first).
  const { served, zone, plan, blocks, channels, playlists, preview, fallback } = await getMusicPlanPage(
    (await searchParams).zone,
  );
  // An API without the music plan (a Laravel one): the page says so, with a way back.
  if (!served) return <MusicPlanUnavailable />;
  return (
    <AppProviders fallback={fallback}>
      <MusicPlanView key={zone ?? 'first'} zone={zone} initial={{ plan, blocks, channels, playlists, preview }} />
    </AppProviders>
  );
}
