import { atom } from 'jotai';

/** Whether the sidebar drawer is open on narrow screens (wide screens always show it). */
export const sidebarOpenAtom = atom(false);
