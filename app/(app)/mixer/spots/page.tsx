import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SpotsView } from '@/components/mixer/spots/SpotsView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSpotsPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.spots };

export default async function SpotsPage() {
  const { spots, fallback } = await getSpotsPage();
  return (
    <AppProviders fallback={fallback}>
      <SpotsView initial={spots} />
    </AppProviders>
  );
}
