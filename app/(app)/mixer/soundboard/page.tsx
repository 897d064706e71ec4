import type { Metadata } from 'next';
import { AppProviders } from '@/components/layout/AppProviders';
import { SoundboardView } from '@/components/mixer/sounds/SoundboardView';
import { soundListReader } from '@/lib/api/schemas';
import { apiReadOptional } from '@/lib/api/server-read';
import { SOUNDS_KEY } from '@/lib/api/sound-keys';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.soundboard };

export default async function SoundboardPage() {
  // A failed list empties the grid and the tables with a notice; the page and its buttons stay.
  const sounds = await apiReadOptional(SOUNDS_KEY, soundListReader);
  return (
    <AppProviders fallback={sounds ? { [SOUNDS_KEY]: sounds } : {}}>
      <SoundboardView initial={sounds} />
    </AppProviders>
  );
}
