import type { Metadata } from 'next';
import { ComingSoon } from '@/components/layout/ComingSoon';
import { hu } from '@/lib/i18n/hu';

export const metadata: Metadata = { title: hu.pages.tutorial };

/** The item id selects a tutorial item once the tutorial feature lands; the shell is the same. */
export default async function TutorialItemPage({ params }: { params: Promise<{ id: string }> }) {
  await params;
  return <ComingSoon heading={hu.pages.tutorial} page="tutorial" />;
}
