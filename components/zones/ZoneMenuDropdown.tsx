'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useAtomValue } from 'jotai';
import type { Zone } from '@/contracts/zones';
import { trackTitle } from '@/lib/format/track';
import { zones as huZones } from '@/lib/i18n/hu/zones';
import { membersAtom } from '@/lib/realtime/atoms';
import { useSteering } from '@/lib/player/use-zones';
import { audioDeviceOnline, playerOfZone } from '@/lib/player/zones';
import { SpeakerIcon } from '@/components/ui/icons';
import menu from '@/components/realtime/DeviceMenu.module.scss';
import styles from './ZoneMenu.module.scss';

const hu = { zones: huZones };

/**
 * Every zone: what plays there and whether its audio device is online; choosing one steers it (the
 * bar, its controls, its channel). A device that sounds for a zone steers that one only: its music
 * would stop if the engine followed another zone's player.
 */
export function ZoneMenuDropdown({ current, defaultOpen = false }: { current: Zone; defaultOpen?: boolean }) {
  const { zones, players, sounding, switchTo } = useSteering();
  const members = useAtomValue(membersAtom);
  const label = hu.zones.barButton(current.name);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={styles.trigger} data-zone-menu="">
        <span className={styles.label}>{label}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.content} side="top" align="start" sideOffset={10} collisionPadding={8}>
          <DropdownMenu.Label className={menu.label}>
            <span className={menu.heading}>{hu.zones.menuTitle}</span>
            {sounding && <span className={menu.hint}>{hu.zones.soundsHere(sounding.name)}</span>}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(current.id)}
            onValueChange={(value) => {
              const zone = zones.find((z) => String(z.id) === value);
              if (zone) void switchTo(zone);
            }}
          >
            {zones.map((zone) => {
              const player = playerOfZone(players, zone);
              const online = audioDeviceOnline(player, members);
              const what = player?.track
                ? `${player.is_playing ? '' : `${hu.zones.paused} · `}${player.playable?.name ?? trackTitle(player.track)}`
                : hu.zones.nothing;
              return (
                <DropdownMenu.RadioItem
                  key={zone.id}
                  value={String(zone.id)}
                  className={`${menu.item} ${styles.disabled}`}
                  disabled={sounding !== null && sounding.id !== zone.id}
                  aria-label={`${zone.name}, ${what}, ${online ? hu.zones.deviceOnline : hu.zones.deviceOffline}`}
                >
                  <span className={menu.text}>
                    <span className={menu.name}>{zone.name}</span>
                    <span className={menu.meta}>{what}</span>
                    <span className={`${menu.meta} ${online ? styles.online : styles.offline}`}>
                      {online ? hu.zones.deviceOnline : hu.zones.deviceOffline}
                    </span>
                  </span>
                  <DropdownMenu.ItemIndicator className={menu.check}>
                    <SpeakerIcon size={18} />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
