import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SpotsView } from '@/components/mixer/spots/SpotsView';
import { spotListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { SPOTS_KEY } from '@/lib/api/spot-keys';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.spots };

export default async function SpotsPage() {
  // A failed list empties the table's section with a notice; the page and its upload button stay.
  const spots = await apiReadOptional(SPOTS_KEY, spotListReader);
  return (
    <AppProviders fallback={spots ? { [SPOTS_KEY]: spots } : {}}>
      <SpotsView initial={spots} />
    </AppProviders>
  );
}
