import type { Metadata } from 'next';
import { ComingSoon } from '@/components/layout/ComingSoon';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

export default function SchedulerPage() {
  return <ComingSoon heading={hu.mixer.headings.scheduler} page="scheduler" />;
}
