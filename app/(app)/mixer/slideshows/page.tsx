import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SlideshowsView } from '@/components/mixer/SlideshowsView';
import { SLIDESHOWS_KEY } from '@/lib/api/mixer-keys';
import { slideshowListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.slideshows };

export default async function SlideshowsPage() {
  // A failed list call leaves the table's place to a notice; the tabs and the player keep working.
  const slideshows = await apiReadOptional(SLIDESHOWS_KEY, slideshowListReader);
  return (
    <AppProviders fallback={slideshows ? { [SLIDESHOWS_KEY]: slideshows } : {}}>
      <SlideshowsView initial={slideshows} />
    </AppProviders>
  );
}
