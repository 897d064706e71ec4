import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { AppProviders } from '@/components/layout/AppProviders';
import { ScreensView } from '@/components/mixer/ScreensView';
import { SCREENS_KEY, SLIDESHOWS_KEY } from '@/lib/api/mixer-keys';
import { screenListReader, slideshowListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { requestProto } from '@/lib/bff/headers';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.screens };

export default async function ScreensPage() {
  const h = await headers();
  // The public links point at this web app as the browser reached it (the TV opens the same host).
  const origin = `${requestProto(h)}://${h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost'}`;
  const [screens, slideshows] = await Promise.all([
    apiReadOptional(SCREENS_KEY, screenListReader),
    apiReadOptional(SLIDESHOWS_KEY, slideshowListReader),
  ]);
  const fallback: Record<string, unknown> = {};
  if (screens) fallback[SCREENS_KEY] = screens;
  if (slideshows) fallback[SLIDESHOWS_KEY] = slideshows;
  return (
    <AppProviders fallback={fallback}>
      <ScreensView initial={screens} slideshows={slideshows} origin={origin} />
    </AppProviders>
  );
}
