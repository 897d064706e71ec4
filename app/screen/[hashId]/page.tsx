import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ScreenView } from '@/components/screen/ScreenView';
import { resolveMediaUrls } from '@/lib/api/media-urls';
import { apiBase } from '@/lib/api/server-read';
import { apiGet } from '@/lib/bff/server-fetch';
import { env } from '@/lib/env';
import { RealtimeFallback } from '@/lib/realtime/fallback-config';
import { readScreen, screenPath } from '@/lib/screen/api';

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
  const [raw, base] = await Promise.all([apiGet<unknown>(screenPath(hashId)), apiBase()]);
  return (
    <>
      <RealtimeFallback config={env().realtime} />
      <ScreenView hashId={hashId} initial={resolveMediaUrls(readScreen(raw), base)} />
    </>
  );
}
