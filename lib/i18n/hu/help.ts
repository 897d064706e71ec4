/** Hungarian UI texts: one area of lib/i18n/hu.ts, a module of its own so a page ships only the areas it uses. */
// The help bubble of the main layout: the FAQ topics, their questions and answers.
export const help = {
  bubble: 'Segítség',
  title: 'Segítség',
  intro: 'Gyakori kérdések témák szerint. Válasszon témát!',
  topicsLabel: 'Témák',
  itemsCount: (count: number) => `${count} kérdés`,
  back: 'Vissza',
  backToTopics: 'Vissza a témákhoz',
  backToTopic: (topic: string) => `Vissza: ${topic}`,
  watch: 'Megnézem a videós útmutatót',
  allTutorials: 'Összes videós útmutató',
  empty: 'Még nincs gyakori kérdés.',
  topicEmpty: 'Ebben a témában még nincs kérdés.',
  loadFailed: 'A súgót most nem sikerült betölteni.',
} as const;
