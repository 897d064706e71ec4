import type { ReactNode } from 'react';
import { MixerTabs } from '@/components/mixer/MixerTabs';

export default function MixerLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <MixerTabs />
      {children}
    </>
  );
}
