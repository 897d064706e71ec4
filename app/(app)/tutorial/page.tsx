import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.tutorial };

export default function TutorialPage() {
  return <PageHeading>{hu.pages.tutorial}</PageHeading>;
}
