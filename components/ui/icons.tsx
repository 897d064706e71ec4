import type { SVGProps } from 'react';
import type { DeviceType } from '@/contracts';

// Every icon of the app, on one 24-unit grid. Icons are decorative: each control that shows one
// also has a text or a Hungarian aria-label. Each glyph keeps the size it is usually shown at;
// `size` changes it.
function Icon({ size, ...props }: SVGProps<SVGSVGElement> & { size: number }) {
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

type Size = { size?: number };

// Playback

export const PlayIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
  </Icon>
);

export const PauseIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <rect x="6" y="5" width="4.5" height="14" rx="1.2" />
    <rect x="13.5" y="5" width="4.5" height="14" rx="1.2" />
  </Icon>
);

export const NextIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <path d="M5 6.2v11.6a.9.9 0 0 0 1.4.75l8.4-5.8a.9.9 0 0 0 0-1.5L6.4 5.45A.9.9 0 0 0 5 6.2z" />
    <rect x="16.5" y="5" width="2.6" height="14" rx="1" />
  </Icon>
);

export const ShuffleIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M16 3h5v5M4 20 21 3M21 16v5h-5M15 15l6 6M4 4l5 5" />
  </Icon>
);

export const RepeatIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="m17 2 4 4-4 4" />
    <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
    <path d="m7 22-4-4 4-4" />
    <path d="M21 13v1a4 4 0 0 1-4 4H3" />
  </Icon>
);

/** Three bars, shown on the track that plays now. */
export const EqualizerIcon = ({ size = 18 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <rect x="4" y="10" width="4" height="10" rx="1" />
    <rect x="10" y="4" width="4" height="16" rx="1" />
    <rect x="16" y="13" width="4" height="7" rx="1" />
  </Icon>
);

const SpeakerShape = () => <path d="M11 5 6 9H3v6h3l5 4V5z" fill="currentColor" />;

export const VolumeHighIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size}>
    <SpeakerShape />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
    <path d="M18.5 5.5a9 9 0 0 1 0 13" />
  </Icon>
);

export const VolumeDownIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size}>
    <SpeakerShape />
    <path d="M15.5 8.5a5 5 0 0 1 0 7" />
  </Icon>
);

export const VolumeLowIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size}>
    <SpeakerShape />
    <path d="M15 10.5a2 2 0 0 1 0 3" />
  </Icon>
);

export const VolumeMuteIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size}>
    <SpeakerShape />
    <path d="M22 9l-6 6M16 9l6 6" />
  </Icon>
);

// Navigation and chrome

export const ChannelsIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M4 10a8 8 0 0 1 16 0" />
    <path d="M7.5 10a4.5 4.5 0 0 1 9 0" />
    <circle cx="12" cy="10" r="1.5" />
    <path d="M12 11.5V20" />
  </Icon>
);

export const PlaylistsIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M4 6h11M4 11h11M4 16h7" />
    <path d="M18 8v9" />
    <circle cx="16" cy="17" r="2" />
  </Icon>
);

export const MixerIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M6 4v16M12 4v16M18 4v16" />
    <rect x="4" y="13" width="4" height="3" rx="1" />
    <rect x="10" y="7" width="4" height="3" rx="1" />
    <rect x="16" y="11" width="4" height="3" rx="1" />
  </Icon>
);

export const TutorialIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M10 9.5v5l4-2.5z" />
  </Icon>
);

export const MenuIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const ChevronDownIcon = ({ size = 18 }: Size = {}) => (
  <Icon size={size}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const ChevronUpIcon = ({ size = 24 }: Size = {}) => (
  <Icon size={size}>
    <path d="M6 15l6-6 6 6" />
  </Icon>
);

export const ChevronLeftIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="m15 18-6-6 6-6" />
  </Icon>
);

export const ChevronRightIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="m9 18 6-6-6-6" />
  </Icon>
);

export const LogoutIcon = ({ size = 18 }: Size = {}) => (
  <Icon size={size}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);

export const SettingsIcon = ({ size = 18 }: Size = {}) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
);

// Channels and playlists

export const HeartIcon = ({ filled, size = 22 }: Size & { filled: boolean }) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'}>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </Icon>
);

/** A lightning bolt: a quick sound (the soundboard's grid). */
export const BoltIcon = ({ filled, size = 22 }: Size & { filled: boolean }) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
  </Icon>
);

/** An upward arrow into a tray: upload a file. */
export const UploadIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M12 15V3M7 8l5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
  </Icon>
);

/** A speech bubble: ask for something. */
export const MessageIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
  </Icon>
);

export const PlusIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

/** A list with a plus: 'put this on a playlist'. */
export const ListPlusIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M3 6h12M3 12h12M3 18h8M18 14v7M14.5 17.5h7" />
  </Icon>
);

export const EditIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);

export const TrashIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

/** Three dots: a row's menu of further actions. */
export const MoreIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </Icon>
);

/** A circle struck through: a track the shop never wants to hear ('Szám letiltása'). */
export const BlockIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </Icon>
);

/** Two sheets: 'copy to the clipboard'. */
export const CopyIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
);

export const CheckIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <path d="m5 12 5 5L20 7" />
  </Icon>
);

/** Six dots: the handle a track is dragged by. */
export const GripIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <circle cx="9" cy="6" r="1.6" />
    <circle cx="15" cy="6" r="1.6" />
    <circle cx="9" cy="12" r="1.6" />
    <circle cx="15" cy="12" r="1.6" />
    <circle cx="9" cy="18" r="1.6" />
    <circle cx="15" cy="18" r="1.6" />
  </Icon>
);

// Devices and what plays on them

export const DesktopIcon = ({ size = 20 }: Size = {}) => (
  <Icon size={size}>
    <rect x="2.5" y="4" width="19" height="12.5" rx="1.5" />
    <path d="M8.5 20h7M12 16.5V20" />
  </Icon>
);

export const PhoneIcon = ({ size = 20 }: Size = {}) => (
  <Icon size={size}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);

export const TabletIcon = ({ size = 20 }: Size = {}) => (
  <Icon size={size}>
    <rect x="4" y="2.5" width="16" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </Icon>
);

export function DeviceTypeIcon({ type, size }: Size & { type: DeviceType }) {
  if (type === 'mobile') return <PhoneIcon size={size} />;
  if (type === 'tablet') return <TabletIcon size={size} />;
  return <DesktopIcon size={size} />;
}

export const DevicesIcon = ({ size = 22 }: Size = {}) => (
  <Icon size={size}>
    <rect x="2" y="4" width="14" height="10" rx="1.5" />
    <path d="M6 18h6" />
    <rect x="17.5" y="8" width="4.5" height="11" rx="1" />
  </Icon>
);

export const SpeakerIcon = ({ size = 16 }: Size = {}) => (
  <Icon size={size}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

export const MegaphoneIcon = ({ size = 16 }: Size = {}) => (
  <Icon size={size}>
    <path d="M3.5 10v4h3l8 4.5v-13l-8 4.5z" />
    <path d="M6.5 14l1.5 5h2.5l-1-4.2M18 9.5a3 3 0 0 1 0 5" />
  </Icon>
);

export const BellIcon = ({ size = 16 }: Size = {}) => (
  <Icon size={size}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);
