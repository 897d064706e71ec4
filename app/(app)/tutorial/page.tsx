import type { Metadata } from 'next';
import { ComingSoon } from '@/components/layout/ComingSoon';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.tutorial };

export default function TutorialPage() {
  return <ComingSoon heading={hu.pages.tutorial} page="tutorial" />;
}
