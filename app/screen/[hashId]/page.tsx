import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ScreenView } from '@/components/screen/ScreenView';
import { env } from '@/lib/env';
import { RealtimeFallback } from '@/lib/realtime/fallback-config';
import { getPublicScreen } from '@/lib/server';

interface Props {
  params: Promise<{ hashId: string }>;
}

export const metadata: Metadata = { title: 'Képernyő' };

/**
 * The public page an in-store TV opens (no login): its slideshow full-screen. The first slides come
 * with the HTML, so a media stick shows the picture before any script has run.
 */
export default async function ScreenPage({ params }: Props) {
  const { hashId } = await params;
  // Hash ids are url-safe; anything else never reaches the API.
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(hashId)) notFound();
  const screen = await getPublicScreen(hashId);
  return (
    <>
      <RealtimeFallback config={env().realtime} />
      <ScreenView hashId={hashId} initial={screen} />
    </>
  );
}
