'use client';

import { useAtomValue } from 'jotai';
import { zoneMessages } from '@/contracts/names';
import { LazyConfirmDialog, lazyDialog } from '@/components/ui/lazy';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { moveZoneQuestionAtom, whichZoneQuestionAtom } from '@/lib/player/zone-questions';

const hu = { zones: huZones };

const ZoneChoiceDialog = lazyDialog(() => import('@/components/dialogs').then((d) => d.loadZoneChoiceDialog()));

/** The zones' questions of a move of the music (lib/player/zone-questions.ts), while one is asked. */
export function ZoneQuestions() {
  const which = useAtomValue(whichZoneQuestionAtom);
  const move = useAtomValue(moveZoneQuestionAtom);
  return (
    <>
      <ZoneChoiceDialog
        key={which ? 'asked' : 'idle'}
        open={which !== null}
        zones={which?.zones ?? []}
        initial={which?.initial ?? null}
        onAnswer={(zone) => which?.answer(zone)}
      />
      <LazyConfirmDialog
        open={move !== null}
        onOpenChange={(open) => {
          if (!open) move?.answer(false);
        }}
        title={move ? zoneMessages.moveAsk(move.from, move.to) : ''}
        confirmLabel={hu.zones.moveConfirm}
        cancelLabel={hu.zones.cancel}
        onConfirm={() => move?.answer(true)}
      />
    </>
  );
}
