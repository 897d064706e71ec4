import { Suspense, type ReactNode } from 'react';
import { StreamedPart } from '../_frame/streamed-part';
import { MixerTabs } from '@/components/mixer/MixerTabs';
import { getMixerTabs } from '@/lib/server';

/**
 * The tab row is part of the frame: it streams with it, not after the music plan's read. Until that
 * read is in, the row offers 'Zenei napirend' (the last tab, so an API without a music plan only takes
 * that one away; no other tab moves).
 */
export default function MixerLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Suspense fallback={<MixerTabs musicPlan />}>
        <StreamedPart>
          <ReadMixerTabs />
        </StreamedPart>
      </Suspense>
      {children}
    </>
  );
}

async function ReadMixerTabs() {
  const { musicPlan } = await getMixerTabs();
  return <MixerTabs musicPlan={musicPlan} />;
}
