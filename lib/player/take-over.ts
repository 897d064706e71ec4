/**
 * The question before the music is taken from an audio device that does not answer (issue 39): it may
 * still be sounding in the shop (its outage mode plays on alone), so moving the output could make two
 * devices sound at once. The actions ask through this atom; the player bar shows the question.
 */
import { atom, type createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

export interface TakeOverQuestion {
  /** The answer (the first one counts): true brings the music here. */
  answer(yes: boolean): void;
}

/** The question on screen, or null. */
export const takeOverQuestionAtom = atom<TakeOverQuestion | null>(null);

/** Asks whether to bring the music here from the device that does not answer; a question still open is declined. */
export function askTakeOver(store: Store): Promise<boolean> {
  store.get(takeOverQuestionAtom)?.answer(false);
  return new Promise((resolve) => {
    let answered = false;
    const question: TakeOverQuestion = {
      answer: (yes) => {
        if (answered) return;
        answered = true;
        if (store.get(takeOverQuestionAtom) === question) store.set(takeOverQuestionAtom, null);
        resolve(yes);
      },
    };
    store.set(takeOverQuestionAtom, question);
  });
}
