import type { SVGProps } from 'react';

export { ChevronLeftIcon, EqualizerIcon, PauseIcon, PlayIcon, RepeatIcon, ShuffleIcon } from '@/components/channels/icons';

// Decorative: every control that shows one also has a text or an aria-label.
function Icon({ size = 22, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
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

export const PlusIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

/** A list with a plus: 'put this on a playlist'. */
export const ListPlusIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 6h12M3 12h12M3 18h8M18 14v7M14.5 17.5h7" />
  </Icon>
);

export const EditIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);

export const TrashIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

export const CloseIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const CheckIcon = ({ size }: { size?: number }) => (
  <Icon size={size}>
    <path d="m5 12 5 5L20 7" />
  </Icon>
);

/** Six dots: the handle a track is dragged by. */
export const GripIcon = ({ size }: { size?: number }) => (
  <Icon size={size} fill="currentColor" stroke="none">
    <circle cx="9" cy="6" r="1.6" />
    <circle cx="15" cy="6" r="1.6" />
    <circle cx="9" cy="12" r="1.6" />
    <circle cx="15" cy="12" r="1.6" />
    <circle cx="9" cy="18" r="1.6" />
    <circle cx="15" cy="18" r="1.6" />
  </Icon>
);
