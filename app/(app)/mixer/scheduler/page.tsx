import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SchedulerView } from '@/components/mixer/scheduler/SchedulerView';
import { SCREENS_KEY, SLIDESHOWS_KEY } from '@/lib/api/mixer-keys';
import { SCHEDULED_CONTENTS_KEY, SCHEDULE_PREVIEW_KEY } from '@/lib/api/scheduler-keys';
import {
  scheduledContentListReader,
  schedulePreviewReader,
  screenListReader,
  slideshowListReader,
  spotListReader,
} from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { SPOTS_KEY } from '@/lib/api/spot-keys';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

export default async function SchedulerPage() {
  // Each list is optional: a failed one empties its own section (or picker) with a notice, and the
  // page with its new-schedule button stays.
  const [items, preview, spots, slideshows, screens] = await Promise.all([
    apiReadOptional(SCHEDULED_CONTENTS_KEY, scheduledContentListReader),
    apiReadOptional(SCHEDULE_PREVIEW_KEY, schedulePreviewReader),
    apiReadOptional(SPOTS_KEY, spotListReader),
    apiReadOptional(SLIDESHOWS_KEY, slideshowListReader),
    apiReadOptional(SCREENS_KEY, screenListReader),
  ]);
  const fallback: Record<string, unknown> = {};
  if (items) fallback[SCHEDULED_CONTENTS_KEY] = items;
  if (preview) fallback[SCHEDULE_PREVIEW_KEY] = preview;
  if (spots) fallback[SPOTS_KEY] = spots;
  if (slideshows) fallback[SLIDESHOWS_KEY] = slideshows;
  if (screens) fallback[SCREENS_KEY] = screens;
  return (
    <AppProviders fallback={fallback}>
      <SchedulerView initial={{ items, preview, spots, slideshows, screens }} />
    </AppProviders>
  );
}
