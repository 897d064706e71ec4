'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { connectionAtom } from '@/lib/realtime/atoms';
import { playingDeviceOffline, type DeviceRow } from '@/lib/realtime/devices';
import { mediaCorsReady } from '@/lib/player/media-cors';
import { playerAtom } from '@/lib/player/state';
import { useDevices } from '@/lib/player/use-devices';
import { useSteering } from '@/lib/player/use-zones';
import { zoneOfDevice } from '@/lib/player/zones';
import { membersAtom } from '@/lib/realtime/atoms';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { lazyDialog } from '@/components/ui/lazy';
import { DevicesIcon, DeviceTypeIcon, SpeakerIcon } from '@/components/ui/icons';
import styles from './DeviceMenu.module.scss';

const hu = { realtime: huRealtime, zones: huZones };

const DeviceRenameDialog = lazyDialog(() => import('@/components/dialogs').then((d) => d.loadDeviceRenameDialog()));

/**
 * The shop's online devices (presence): which one plays, which one is this, and a choice that
 * moves the music to another one. The trigger takes the bar's button look from `className`. Loaded
 * by DeviceMenu on the first press, which it then opens (`defaultOpen`).
 */
export function DeviceMenuDropdown({
  className,
  playingSessionId,
  defaultOpen = false,
}: {
  className?: string;
  playingSessionId: string | null;
  defaultOpen?: boolean;
}) {
  const { rows, moveTo } = useDevices();
  const status = useAtomValue(connectionAtom);
  const others = rows.filter((r) => !r.isThis).length;
  const offline = playingDeviceOffline(rows, playingSessionId);
  // Names are the bundled API's (it announces `version`, as the media CORS logic reads it); a
  // Laravel API has no such call, so no 'Átnevezés' there.
  const canRename = mediaCorsReady(useAtomValue(playerAtom));
  const [renaming, setRenaming] = useState<DeviceRow | null>(null);
  // Zones (issue 43): each device with the zone it sounds for, else the one it steers.
  const { zones, players } = useSteering();
  const members = useAtomValue(membersAtom);
  const zoneName = (id: string) =>
    zones.length
      ? (zoneOfDevice(zones, players, { id, zone_id: members.find((m) => m.id === id)?.zone_id ?? null })?.name ?? null)
      : null;
  const [renameOpen, setRenameOpen] = useState(false);

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger className={className} aria-label={hu.realtime.devices} title={hu.realtime.devices}>
          <DevicesIcon size={22} />
          {others > 0 && (
            <span className={styles.count} aria-hidden="true">
              {rows.length}
            </span>
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.content} side="top" align="end" sideOffset={10} collisionPadding={8}>
            <DropdownMenu.Label className={styles.label}>
              <span className={styles.heading}>{hu.realtime.devicesTitle}</span>
              <span className={styles.hint}>{hu.realtime.devicesHint}</span>
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={playingSessionId ?? ''} onValueChange={(id) => void moveTo(id)}>
              {rows.map((row) => {
                const zone = zoneName(row.id);
                return (
                  <div key={row.id} className={styles.row}>
                    <DropdownMenu.RadioItem
                      value={row.id}
                      className={styles.item}
                      data-this-device={row.isThis ? 'true' : undefined}
                      aria-label={[
                        row.label,
                        row.typeLabel,
                        row.isThis ? hu.realtime.thisDevice : '',
                        row.isPlaying ? hu.realtime.playingHere : '',
                        zone ? hu.zones.deviceZone(zone) : '',
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    >
                      <span className={styles.icon}>
                        <DeviceTypeIcon type={row.type} />
                      </span>
                      <span className={styles.text}>
                        <span className={styles.name}>{row.label}</span>
                        <span className={styles.meta}>
                          <span className={styles.type}>{row.typeLabel}</span>
                          {row.isThis && <span className={styles.badge}>{hu.realtime.thisDevice}</span>}
                          {zone && <span data-device-zone="">{hu.zones.deviceZone(zone)}</span>}
                        </span>
                        {row.isPlaying && (
                          <span className={styles.playing}>
                            <SpeakerIcon size={14} />
                            {hu.realtime.playingHere}
                          </span>
                        )}
                      </span>
                      <DropdownMenu.ItemIndicator className={styles.check}>
                        <SpeakerIcon size={18} />
                      </DropdownMenu.ItemIndicator>
                    </DropdownMenu.RadioItem>
                    {canRename && (
                      <DropdownMenu.Item
                        className={styles.rename}
                        aria-label={`${hu.realtime.rename}: ${row.label}`}
                        onSelect={() => {
                          setRenaming(row);
                          setRenameOpen(true);
                        }}
                      >
                        {hu.realtime.rename}
                      </DropdownMenu.Item>
                    )}
                  </div>
                );
              })}
            </DropdownMenu.RadioGroup>
            {others === 0 && <p className={styles.note}>{hu.realtime.noOtherDevices}</p>}
            {offline && <p className={styles.note}>{hu.realtime.playingOffline}</p>}
            {status === 'offline' && (
              <p className={styles.note} role="status">
                {hu.realtime.connecting}
              </p>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DeviceRenameDialog open={renameOpen} device={renaming} onClose={() => setRenameOpen(false)} />
    </>
  );
}
