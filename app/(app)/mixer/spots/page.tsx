import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.mixer.headings.spots };

export default function SpotsPage() {
  return <PageHeading>{hu.mixer.headings.spots}</PageHeading>;
}
