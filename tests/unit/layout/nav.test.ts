import { NAV_SECTIONS, isActivePath } from '@/components/layout/nav';

it('lists the sections and items of the sidebar in order', () => {
  expect(NAV_SECTIONS.map((s) => [s.title, s.items.map((i) => `${i.label} ${i.href}`)])).toEqual([
    ['TARTALMAK', ['Csatornák /channels', 'Saját listák /playlists', 'Keverőpult /mixer/scheduler']],
    ['SEGÍTSÉG', ['Útmutató /tutorial']],
  ]);
});

it('marks an item active on its page and the pages below it only', () => {
  expect(isActivePath('/channels', '/channels')).toBe(true);
  expect(isActivePath('/channels/12', '/channels')).toBe(true);
  expect(isActivePath('/mixer/spots', '/mixer')).toBe(true);
  expect(isActivePath('/channelsx', '/channels')).toBe(false);
  expect(isActivePath('/playlists', '/channels')).toBe(false);
  expect(isActivePath(null, '/channels')).toBe(false);
});

it("lists the account menu's pages and the mixer's tabs (the Laravel suite walks these)", async () => {
  const { ACCOUNT_NAV } = await import('@/components/layout/nav');
  const { MIXER_TABS } = await import('@/components/mixer/tabs');
  expect(ACCOUNT_NAV.map((i) => `${i.label} ${i.href}`)).toEqual(['Beállítások /settings']);
  expect(MIXER_TABS.map((t) => t.href)).toEqual([
    '/mixer/scheduler',
    '/mixer/spots',
    '/mixer/slideshows',
    '/mixer/screens',
    '/mixer/soundboard',
    '/mixer/plan',
  ]);
});

it('leads the mixer’s item to its first tab and keeps it active on every mixer page', () => {
  const mixer = NAV_SECTIONS.flatMap((s) => s.items).find((i) => i.icon === 'mixer')!;
  expect(mixer.href).toBe('/mixer/scheduler');
  expect(isActivePath('/mixer/spots', mixer.section ?? mixer.href)).toBe(true);
});
