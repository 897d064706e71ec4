import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SoundboardView } from '@/components/mixer/sounds/SoundboardView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSoundboardPage } from '@/lib/server';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.soundboard };

export default async function SoundboardPage() {
  const { sounds, fallback } = await getSoundboardPage();
  return (
    <AppProviders fallback={fallback}>
      <SoundboardView initial={sounds} />
    </AppProviders>
  );
}
