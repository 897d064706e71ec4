import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StreamedPart } from '../../_frame/streamed-part';
import { PageHeading } from '@/components/layout/PageHeading';
import headerStyles from '@/components/mixer/MixerHeader.module.scss';
import { AppProviders } from '@/components/layout/AppProviders';
import { SoundboardView } from '@/components/mixer/sounds/SoundboardView';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { getSoundboardPage } from '@/lib/server';
import headingRow from '../../_frame/heading-row.module.scss';

const hu = { mixer: huMixer };

export const metadata: Metadata = { title: hu.mixer.headings.soundboard };

/** The page's heading first (the one the page paints, in its row); the rest once its reads are in. */
export default function SoundboardPage() {
  return (
    <Suspense
      fallback={
        <div className={`${headerStyles.top} ${headingRow.holdsTools}`}>
          <PageHeading>{hu.mixer.headings.soundboard}</PageHeading>
        </div>
      }
    >
      <StreamedPart>
        <SoundboardContent />
      </StreamedPart>
    </Suspense>
  );
}

async function SoundboardContent() {
  const { sounds, fallback } = await getSoundboardPage();
  return (
    <AppProviders fallback={fallback}>
      <SoundboardView initial={sounds} />
    </AppProviders>
  );
}
