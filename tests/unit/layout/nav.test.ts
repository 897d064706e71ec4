import { NAV_SECTIONS, isActivePath } from '@/components/layout/nav';

it('lists the sections and items of the sidebar in order', () => {
  expect(NAV_SECTIONS.map((s) => [s.title, s.items.map((i) => `${i.label} ${i.href}`)])).toEqual([
    ['TARTALMAK', ['Csatornák /channels', 'Saját listák /playlists', 'Keverőpult /mixer']],
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
