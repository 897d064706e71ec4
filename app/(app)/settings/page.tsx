import type { Metadata } from 'next';
import { PageHeading } from '@/components/layout/PageHeading';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.settings };

export default function SettingsPage() {
  return <PageHeading>{hu.pages.settings}</PageHeading>;
}
