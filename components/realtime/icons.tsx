import type { SVGProps } from 'react';
import type { DeviceType } from '@/contracts';

// Decorative: the text next to each icon says the same.
function Icon({ size = 20, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
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

export const DesktopIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
    <path d="M8.5 20h7M12 16.5V20" />
  </Icon>
);

export const PhoneIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);

export const TabletIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <rect x="4" y="2.5" width="16" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);

export function DeviceTypeIcon({ type, size }: { type: DeviceType; size?: number }) {
  if (type === 'mobile') return <PhoneIcon size={size} />;
  if (type === 'tablet') return <TabletIcon size={size} />;
  return <DesktopIcon size={size} />;
}

export const SpeakerIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

export const MegaphoneIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3.5 10v4h3l8 4.5v-13l-8 4.5z" />
    <path d="M6.5 14l1.5 5h2.5l-1-4.2M18 9.5a3 3 0 0 1 0 5" />
  </Icon>
);

export const BellIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);

export const DevicesIcon = ({ size = 22 }: { size?: number }) => (
  <Icon size={size}>
    <rect x="2" y="4" width="14" height="10" rx="1.5" />
    <path d="M6 18h6" />
    <rect x="17.5" y="8" width="4.5" height="11" rx="1" />
  </Icon>
);
