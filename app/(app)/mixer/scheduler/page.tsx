import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.mixer.headings.scheduler };

export default function SchedulerPage() {
  return <PageHeading>{hu.mixer.headings.scheduler}</PageHeading>;
}
