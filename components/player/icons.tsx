import type { SVGProps } from 'react';

// Decorative: every button that shows one carries a Hungarian aria-label.
function Icon({ size = 24, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
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

export const PlayIcon = ({ size }: { size?: number }) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
  </Icon>
);

export const PauseIcon = ({ size }: { size?: number }) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <rect x="6" y="5" width="4.5" height="14" rx="1.2" />
    <rect x="13.5" y="5" width="4.5" height="14" rx="1.2" />
  </Icon>
);

export const NextIcon = () => (
  <Icon fill="currentColor" stroke="none">
    <path d="M5 6.2v11.6a.9.9 0 0 0 1.4.75l8.4-5.8a.9.9 0 0 0 0-1.5L6.4 5.45A.9.9 0 0 0 5 6.2z" />
    <rect x="16.5" y="5" width="2.6" height="14" rx="1" />
  </Icon>
);

export const ShuffleIcon = () => (
  <Icon>
    <path d="M16 3h5v5" />
    <path d="M4 20 21 3" />
    <path d="M21 16v5h-5" />
    <path d="M15 15l6 6" />
    <path d="M4 4l5 5" />
  </Icon>
);

export const RepeatIcon = () => (
  <Icon>
    <path d="M17 2l4 4-4 4" />
    <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
    <path d="M7 22l-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
  </Icon>
);

const Speaker = () => <path d="M11 5 6 9H3v6h3l5 4V5z" fill="currentColor" />;

export const VolumeHighIcon = () => (
  <Icon>
    <Speaker />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
    <path d="M18.5 5.5a9 9 0 0 1 0 13" />
  </Icon>
);

export const VolumeDownIcon = () => (
  <Icon>
    <Speaker />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
  </Icon>
);

export const VolumeLowIcon = () => (
  <Icon>
    <Speaker />
    <path d="M15 10.5a2 2 0 0 1 0 3" />
  </Icon>
);

export const VolumeMuteIcon = () => (
  <Icon>
    <Speaker />
    <path d="M22 9l-6 6M16 9l6 6" />
  </Icon>
);

export const ChevronUpIcon = () => (
  <Icon>
    <path d="M6 15l6-6 6 6" />
  </Icon>
);

export const DevicesIcon = () => (
  <Icon size={16}>
    <rect x="2" y="4" width="14" height="10" rx="1.5" />
    <path d="M6 18h6" />
    <rect x="18" y="8" width="4" height="10" rx="1" />
  </Icon>
);
