import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.channels };

export default function ChannelsPage() {
  return <PageHeading>{hu.pages.channels}</PageHeading>;
}
