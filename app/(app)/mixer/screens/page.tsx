import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { AppProviders } from '@/components/layout/AppProviders';
import { ScreensView } from '@/components/mixer/ScreensView';
import { requestProto } from '@/lib/bff/headers';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getScreensPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.screens };

export default async function ScreensPage() {
  const h = await headers();
  // The public links point at this web app as the browser reached it (the TV opens the same host).
  const origin = `${requestProto(h)}://${h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost'}`;
  const { screens, slideshows, fallback } = await getScreensPage();
  return (
    <AppProviders fallback={fallback}>
      <ScreensView initial={screens} slideshows={slideshows} origin={origin} />
    </AppProviders>
  );
}
