import type { Metadata } from 'next';
import { Suspense } from 'react';
import { MixerHeader } from '@/components/mixer/MixerHeader';
import { AppProviders } from '@/components/layout/AppProviders';
import { SchedulerView } from '@/components/mixer/scheduler/SchedulerView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSchedulerPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function SchedulerPage() {
  return (
    <Suspense fallback={<MixerHeader title={hu.mixer.headings.scheduler} />}>
      <SchedulerContent />
    </Suspense>
  );
}

async function SchedulerContent() {
  const { items, preview, spots, slideshows, screens, fallback } = await getSchedulerPage();
  return (
    <AppProviders fallback={fallback}>
      <SchedulerView initial={{ items, preview, spots, slideshows, screens }} />
    </AppProviders>
  );
}
