'use client';

import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useMe } from '@/lib/api/use-me';
import { realtime } from '@/lib/i18n/hu/realtime';
import { membersAtom } from '@/lib/realtime/atoms';
import { estimatePosition, shapeDevices, type DeviceRow, type PositionMark } from '@/lib/realtime/devices';
import { showToast } from '@/lib/ui/toast';
import { playerApi } from './api';
import { commitPlayer } from './commit';
import { isOutputDevice } from './decisions';
import { isOutputUnavailable } from './output-state';
import { askTakeOver } from './take-over';
import { playerAtom } from './state';
import { getPlayerEngine } from './use-player-engine';
import { confirmZoneMove, rememberZone } from './use-zones';
import { zoneListAtom } from './zone-questions';
import { zoneOfPlayer } from './zones';

const hu = { realtime };

export interface DevicesState {
  rows: DeviceRow[];
  /** Moves the music to that device, continuing from where it is now. */
  moveTo(sessionId: string): Promise<void>;
}

export function useDevices(): DevicesState {
  const store = useStore();
  const members = useAtomValue(membersAtom);
  const player = useAtomValue(playerAtom);
  const { data: me } = useMe();
  const thisSessionId = me?.session_id ?? null;
  const playingSessionId = player?.session_id ?? null;

  // A remote control knows the position only from the audio device's reports; remember when
  // each one arrived so the hand-over can continue close to where the music really is.
  const mark = useRef<PositionMark>({ time: 0, at: 0, playing: false });
  const time = player?.current_time ?? 0;
  const trackId = player?.track?.id ?? null;
  const playing = !!player?.is_playing;
  useEffect(() => {
    mark.current = { time, at: Date.now(), playing };
  }, [time, trackId, playing]);

  const rows = useMemo(
    () => shapeDevices(members, { thisSessionId, playingSessionId }),
    [members, thisSessionId, playingSessionId],
  );

  const moveTo = useCallback(
    async (sessionId: string) => {
      const current = store.get(playerAtom);
      if (!current || current.session_id === sessionId) return;
      // This device chosen: the click is the gesture its browser waits for, so the sound is unlocked
      // now (the audio context resumed); the music starts when the server's answer names this device.
      if (sessionId === thisSessionId) getPlayerEngine()?.playFromGesture(false);
      // From a device that does not answer while the music plays (it may still sound): asked first.
      const unanswered =
        isOutputUnavailable(store, current) && current.is_playing && typeof current.version === 'number';
      if (sessionId === thisSessionId && unanswered && !(await askTakeOver(store))) return;
      // Zones (issue 43): a device that sounds for another zone is asked for first (zoneMessages.moveAsk).
      const zone = zoneOfPlayer(store.get(zoneListAtom), current);
      if (zone && !(await confirmZoneMove(store, zone, sessionId))) return;
      const here = isOutputDevice(current, thisSessionId) ? getPlayerEngine()?.currentTime : null;
      const at = here ?? estimatePosition(mark.current, Date.now(), current.track?.duration);
      try {
        await commitPlayer(store, () => playerApi.moveOutput(current.id, sessionId, at));
        // That device now steers the zone it sounds for (its own bar turns to it).
        if (zone && sessionId !== thisSessionId) rememberZone(store, sessionId, zone.id);
      } catch {
        showToast(hu.realtime.moveFailed, store);
      }
    },
    [store, thisSessionId],
  );

  return { rows, moveTo };
}
