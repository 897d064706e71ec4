'use client';

import { useState, type ComponentType } from 'react';
import { LazyMenuTrigger } from '@/components/ui/LazyMenuTrigger';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { useDevices } from '@/lib/player/use-devices';
import type { DeviceMenuDropdown } from './DeviceMenuDropdown';
import { DevicesIcon } from '@/components/ui/icons';
import styles from './DeviceMenu.module.scss';
import { preloadPlayerEngine } from '@/lib/player/use-player-engine';

const hu = { realtime: huRealtime };

const loadDropdown = () => import('./DeviceMenuDropdown');
/** The menu can make this device the one that sounds: its opening fetches the engine's code too. */
const preload = () => {
  preloadPlayerEngine();
  return loadDropdown();
};

type Props = { className?: string; playingSessionId: string | null };

/**
 * The shop's online devices (presence) and the choice that moves the music to another one. Until
 * the first press the trigger is a look-alike, so Radix's menu code loads only when the menu is used.
 */
export function DeviceMenu({ className, playingSessionId }: Props) {
  const { rows } = useDevices();
  const [Dropdown, setDropdown] = useState<ComponentType<Parameters<typeof DeviceMenuDropdown>[0]> | null>(null);
  if (Dropdown) return <Dropdown className={className} playingSessionId={playingSessionId} defaultOpen />;
  const others = rows.filter((r) => !r.isThis).length;
  const arm = () => void loadDropdown().then((m) => setDropdown(() => m.DeviceMenuDropdown));
  return (
    <LazyMenuTrigger
      className={className}
      aria-label={hu.realtime.devices}
      title={hu.realtime.devices}
      preload={preload}
      onArm={arm}
    >
      <DevicesIcon size={22} />
      {others > 0 && (
        <span className={styles.count} aria-hidden="true">
          {rows.length}
        </span>
      )}
    </LazyMenuTrigger>
  );
}
