import type { Metadata } from 'next';
import { ComingSoon } from '@/components/layout/ComingSoon';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.settings };

export default function SettingsPage() {
  return <ComingSoon heading={hu.pages.settings} page="settings" />;
}
