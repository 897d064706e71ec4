import type { SVGProps } from 'react';

// Icons are decorative: every control that shows one also has a text or an aria-label.
function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export const ChannelsIcon = () => (
  <Icon>
    <path d="M4 10a8 8 0 0 1 16 0" />
    <path d="M7.5 10a4.5 4.5 0 0 1 9 0" />
    <circle cx="12" cy="10" r="1.5" />
    <path d="M12 11.5V20" />
  </Icon>
);

export const PlaylistsIcon = () => (
  <Icon>
    <path d="M4 6h11M4 11h11M4 16h7" />
    <path d="M18 8v9" />
    <circle cx="16" cy="17" r="2" />
  </Icon>
);

export const MixerIcon = () => (
  <Icon>
    <path d="M6 4v16M12 4v16M18 4v16" />
    <rect x="4" y="13" width="4" height="3" rx="1" />
    <rect x="10" y="7" width="4" height="3" rx="1" />
    <rect x="16" y="11" width="4" height="3" rx="1" />
  </Icon>
);

export const TutorialIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4-2.5z" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = () => (
  <Icon width={18} height={18}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const LogoutIcon = () => (
  <Icon width={18} height={18}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);

export const SettingsIcon = () => (
  <Icon width={18} height={18}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
);
