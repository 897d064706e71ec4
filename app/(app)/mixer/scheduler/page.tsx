import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SchedulerView } from '@/components/mixer/scheduler/SchedulerView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSchedulerPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

export default async function SchedulerPage() {
  const { items, preview, spots, slideshows, screens, fallback } = await getSchedulerPage();
  return (
    <AppProviders fallback={fallback}>
      <SchedulerView initial={{ items, preview, spots, slideshows, screens }} />
    </AppProviders>
  );
}
