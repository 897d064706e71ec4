import { IntentLink } from '@/components/ui/IntentLink';
import { EmptyState } from '@/components/ui/EmptyState';
import { mixer as huMixer } from '@/lib/i18n/hu/mixer';
import { musicPlan as huPlan } from '@/lib/i18n/hu/music-plan';
import buttons from '../buttons.module.scss';
import { MixerHeader } from '../MixerHeader';

const hu = { mixer: huMixer, plan: huPlan };

/** /mixer/plan against an API without the music plan: it says so plainly, with the way back. */
export function MusicPlanUnavailable() {
  return (
    <>
      <MixerHeader title={hu.mixer.headings.plan} />
      <EmptyState tone="notice" title={hu.plan.unavailableTitle} text={hu.plan.unavailableText}>
        <IntentLink href="/mixer/scheduler" className={buttons.secondary}>
          {hu.plan.backToScheduler}
        </IntentLink>
      </EmptyState>
    </>
  );
}
