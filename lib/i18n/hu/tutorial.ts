/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The tutorial page (/tutorial, /tutorial/{id}): short videos by topic.
export const tutorial = {
  intro: 'Rövid videók a Pulzus használatáról. Válasszon témát, majd egy videót a listából.',
  topicLabel: 'Téma',
  itemsLabel: (topic: string) => `${topic}: videók`,
  videoLabel: (name: string) => `Videó: ${name}`,
  durationLabel: 'Hossz:',
  duration: (clock: string) => `Hossz: ${clock}`,
  playing: 'Most nézi',
  noVideo: 'A böngészője nem tudja lejátszani ezt a videót.',
  empty: 'Még nincs útmutató.',
  emptyHint: 'A videók hamarosan felkerülnek ide.',
  topicEmpty: 'Ebben a témában még nincs videó.',
  loadFailed: 'Az útmutatók betöltése nem sikerült.',
} as const;
