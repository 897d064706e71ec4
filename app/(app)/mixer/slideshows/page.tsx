import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SlideshowsView } from '@/components/mixer/SlideshowsView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSlideshowsPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.slideshows };

export default async function SlideshowsPage() {
  const { slideshows, fallback } = await getSlideshowsPage();
  return (
    <AppProviders fallback={fallback}>
      <SlideshowsView initial={slideshows} />
    </AppProviders>
  );
}
