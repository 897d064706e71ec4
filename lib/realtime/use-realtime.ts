'use client';

import { useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { customerChannelName, playerChannelName } from '@/contracts/names';
import { useCustomer } from '@/lib/api/use-customer';
import { connectionAtom, membersAtom } from './atoms';
import { addMember, parseMembers, removeMember, renameMember, setMemberZone } from './devices';
import type { RealtimeConnection } from './echo';
import type { RealtimeEvents } from './events';
import {
  readAlertEvent,
  readDeviceRenamed,
  readDeviceZone,
  readOutputChanged,
  readPlaySound,
  readPlaySpots,
  readUpdatePlayer,
} from './guards';
import { keepConnected } from './keep-connected';
import { LISTEN } from './names';

/**
 * Keeps this device live: the socket (loaded after the first paint), the player channel
 * (UpdatePlayer, PlaySpots, PlaySound, OutputChanged, AlertOpened, AlertClosed) of `playerId`, the shop's presence channel (the device list
 * and its names),
 * and `events.missed` after every drop or sleep. Mount once, through the player.
 */
export function useRealtime(playerId: number | null, events: RealtimeEvents): void {
  const store = useStore();
  const { data: customer } = useCustomer();
  const customerId = customer?.id ?? null;
  const setMembers = useSetAtom(membersAtom);
  const [live, setLive] = useState<RealtimeConnection | null>(null);

  // The connection, once per page.
  useEffect(() => {
    const stop = keepConnected({
      setStatus: (status) => store.set(connectionAtom, status),
      events,
      onConnection: setLive,
    });
    return () => {
      stop();
      setLive(null);
      store.set(connectionAtom, 'idle');
    };
  }, [store, events]);

  // The player channel.
  useEffect(() => {
    if (!live || playerId === null) return;
    const name = playerChannelName(playerId);
    const channel = live.echo.private(name);
    channel
      // Changes made before this (re)subscription were never sent here: fetch the player once.
      .subscribed(() => void events.missed().catch(() => {}))
      .listen(LISTEN.updatePlayer, (payload: unknown) => {
        const player = readUpdatePlayer(payload);
        if (player) events.player(player);
      })
      .listen(LISTEN.playSpots, (payload: unknown) => {
        const spots = readPlaySpots(payload);
        if (spots) events.sounds(spots);
      })
      .listen(LISTEN.playSound, (payload: unknown) => {
        const sound = readPlaySound(payload);
        if (sound) events.sounds([sound]);
      })
      .listen(LISTEN.outputChanged, (payload: unknown) => {
        const output = readOutputChanged(payload);
        if (output) events.output(output);
      })
      .listen(LISTEN.alertOpened, (payload: unknown) => {
        const alert = readAlertEvent(payload);
        if (alert) events.alert(alert);
      })
      .listen(LISTEN.alertClosed, (payload: unknown) => {
        const alert = readAlertEvent(payload);
        if (alert) events.alert(alert);
      });
    return () => live.echo.leave(name);
  }, [live, playerId, events]);

  // The shop's devices. pusher-js subscribes again after a reconnect, and `here` then delivers
  // the whole list anew, so a device that left meanwhile disappears.
  useEffect(() => {
    if (!live || customerId === null) return;
    const name = customerChannelName(customerId);
    live.echo
      .join(name)
      .here((members: unknown[]) => setMembers(parseMembers(members)))
      .joining((member: unknown) => {
        const [device] = parseMembers([member]);
        if (device) setMembers((list) => addMember(list, device));
      })
      .leaving((member: unknown) => {
        const [device] = parseMembers([member]);
        if (device) setMembers((list) => removeMember(list, device.id));
      })
      // The bundled API's named devices (a Laravel API never sends it).
      .listen(LISTEN.deviceRenamed, (payload: unknown) => {
        const renamed = readDeviceRenamed(payload);
        if (renamed) setMembers((list) => renameMember(list, renamed.id, renamed.name));
      })
      // The zone a device steers (issue 43, the bundled API only).
      .listen(LISTEN.deviceZone, (payload: unknown) => {
        const moved = readDeviceZone(payload);
        if (moved) setMembers((list) => setMemberZone(list, moved.id, moved.zone_id));
      });
    return () => {
      live.echo.leave(name);
      setMembers([]);
    };
  }, [live, customerId, setMembers]);
}
