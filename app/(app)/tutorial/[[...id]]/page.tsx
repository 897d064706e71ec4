import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import { notFound } from 'next/navigation';
import { AppProviders } from '@/components/layout/AppProviders';
import { TutorialView } from '@/components/tutorial/TutorialView';
import { pages } from '@/lib/i18n/hu/pages';
import { getTutorialPage } from '@/lib/server';

const hu = { pages };

export const metadata: Metadata = { title: hu.pages.tutorial };

/**
 * /tutorial, and /tutorial/{id} where the id is a tutorial item's (SPEC.md §2): one page for both.
 * /tutorial shows its heading first (TutorialView's own) and the topics once read; /tutorial/{id}
 * waits for them, as an id the list does not hold is a not-found page, answered with 404 before
 * anything is sent.
 */
export default async function TutorialPage({ params }: { params: Promise<{ id?: string[] }> }) {
  const { id } = await params;
  if (id && (id.length !== 1 || !/^[1-9]\d{0,9}$/.test(id[0] ?? ''))) notFound();
  const itemId = id ? Number(id[0]) : null;
  if (itemId !== null) return <Tutorial itemId={itemId} />;
  return (
    <Suspense fallback={<PageHeading>{hu.pages.tutorial}</PageHeading>}>
      <StreamedPart>
        <Tutorial itemId={null} />
      </StreamedPart>
    </Suspense>
  );
}

async function Tutorial({ itemId }: { itemId: number | null }) {
  const { topics, fallback } = await getTutorialPage();
  if (itemId !== null && topics && !topics.some((topic) => topic.tutorial_items.some((item) => item.id === itemId))) {
    notFound();
  }
  return (
    <AppProviders fallback={fallback}>
      {/* Following a link to another item (from the help bubble) starts that item afresh. */}
      <TutorialView key={itemId ?? 'first'} initial={topics} itemId={itemId} />
    </AppProviders>
  );
}
