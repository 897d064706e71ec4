import type { ReactNode } from 'react';
import { MixerTabs } from '@/components/mixer/MixerTabs';
import { getMixerTabs } from '@/lib/server';

export default async function MixerLayout({ children }: { children: ReactNode }) {
  const { musicPlan } = await getMixerTabs();
  return (
    <>
      <MixerTabs musicPlan={musicPlan} />
      {children}
    </>
  );
}
