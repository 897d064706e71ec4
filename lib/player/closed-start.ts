/**
 * The question before the music starts while the shop is closed and its day runs itself (issue 39):
 * 'A bolt zárva van. Elindítja a zenét?'. Every way to start it asks here (the bar's ▶, a channel's or
 * list's play, a tile, Space, a media key), one question at a time as the take-over's; a yes starts
 * the music and the plan holds it until its next boundary ('Kézi vezérlés {nap} {HH:MM}-ig').
 *
 * A question breaks the press's gesture: the click on its 'Indítás' is then the gesture, and the start
 * runs from that click (the answer resolves in the same task), so a browser that blocks autoplay
 * still lets the audio device's sound start there.
 */
import { atom, type createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

/**
 * Whether the shop is closed now while its day runs itself (the bar's `useShopDay`, which sets it):
 * false against an API without the plan (a Laravel API), with the plan off, or before it is known.
 */
export const shopClosedAtom = atom(false);

export interface ClosedStartQuestion {
  /** The answer (the first one counts): true starts the music. */
  answer(yes: boolean): void;
}

/** The question on screen, or null. */
export const closedStartQuestionAtom = atom<ClosedStartQuestion | null>(null);

/** Asks whether to start the music in a closed shop; a question still open is declined. */
export function askClosedStart(store: Store): Promise<boolean> {
  store.get(closedStartQuestionAtom)?.answer(false);
  return new Promise((resolve) => {
    let answered = false;
    const question: ClosedStartQuestion = {
      answer: (yes) => {
        if (answered) return;
        answered = true;
        if (store.get(closedStartQuestionAtom) === question) store.set(closedStartQuestionAtom, null);
        resolve(yes);
      },
    };
    store.set(closedStartQuestionAtom, question);
  });
}

/**
 * Runs `start` (a press that starts the music) at once while the shop is open or nothing is known of
 * it, else once the closed question is answered yes. Resolves with whether it ran.
 */
export function startUnlessClosed<T>(store: Store, start: () => T | Promise<T>): Promise<{ started: boolean }> {
  if (!store.get(shopClosedAtom)) return Promise.resolve(start()).then(() => ({ started: true }));
  return askClosedStart(store).then(async (yes) => {
    if (yes) await start();
    return { started: yes };
  });
}
