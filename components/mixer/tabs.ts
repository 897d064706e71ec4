import { mixer as huMixer } from '@/lib/i18n/hu/mixer';

const hu = { mixer: huMixer };

/** 'Zenei napirend' (issue 26): a call only the bundled API has, so its tab hides where the API lacks it. */
export const MUSIC_PLAN_HREF = '/mixer/plan';

/** The mixer's sub-pages, in tab order (data only, so the tests can walk them too). */
export const MIXER_TABS = [
  { href: '/mixer/scheduler', label: hu.mixer.tabs.scheduler },
  { href: '/mixer/spots', label: hu.mixer.tabs.spots },
  { href: '/mixer/slideshows', label: hu.mixer.tabs.slideshows },
  { href: '/mixer/screens', label: hu.mixer.tabs.screens },
  { href: '/mixer/soundboard', label: hu.mixer.tabs.soundboard },
  { href: MUSIC_PLAN_HREF, label: hu.mixer.tabs.plan },
] as const;
