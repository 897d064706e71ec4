'use client';

import { useStore } from 'jotai';
import { useMemo } from 'react';
import { BrowserApiError } from '@/lib/api/fetcher';
import { showToast } from '@/lib/ui/toast';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { realtime as huRealtime } from '@/lib/i18n/hu/realtime';
import { playerApi } from './api';
import { pressFailedMessage } from './press-failure';
import { commitPlayer, ensurePlayerId, resyncPlayer } from './commit';
import { isOutputDevice } from './decisions';
import { heardNow, isOutputUnavailable, isUnheard, outputUnknownAtom } from './output-state';
import { playerAtom, positionAtom, sessionIdAtom } from './state';
import { getPlayerEngine } from './use-player-engine';
import { playableState, type PlayableKind } from './use-player';
import { askTakeOver } from './take-over';
import { askClosedStart, shopClosedAtom, startUnlessClosed } from './closed-start';
import { snapVolume } from './volume';
import { chooseZoneToPlayHere } from './use-zones';

const hu = { player: huPlayer, realtime: huRealtime };

export interface PlayerActions {
  playChannel(channelId: number, trackId?: number): Promise<void>;
  playPlaylist(playlistId: number, trackId?: number): Promise<void>;
  /**
   * Play or pause. A start while the shop is closed (its day running itself) asks first; `press` runs
   * right before the call (inside the press's gesture, or the question's confirming click), e.g. the
   * audio device starting its sound there.
   */
  togglePlay(press?: () => void): Promise<void>;
  toggleRandom(): Promise<void>;
  toggleRepeat(): Promise<void>;
  next(): Promise<void>;
  jumpToTrack(trackId: number): Promise<void>;
  seek(seconds: number): Promise<void>;
  setVolume(v: number): Promise<void>;
  /**
   * Moves the music to this device and plays it here, from where it was. When its holder does not answer
   * (`silent`, or presence lost it) while the music plays, it may still sound: asked first.
   */
  playHere(silent?: boolean): Promise<void>;
  /**
   * ▶ on a remote while the audio device is online and says it does not sound: the device is already
   * asked to play (it shows its prompt), so the music is not moved; this device says where to click.
   */
  askOutputToPlay(): void;
}

/** A player whose device does not answer may still sound there: it played (the bundled API's devices play on alone). */
function mayStillSound(player: import('@/contracts').Player | null): boolean {
  // A device whose login ended (the server's `logged_out`) sounds for the shop no more.
  return !!player?.is_playing && typeof player.version === 'number' && player.output?.state !== 'logged_out';
}

/**
 * Every control goes to the server and the returned player replaces the local one. A failed
 * call shows a toast and leaves the player as it was; callers may await without try/catch.
 */
export function usePlayerActions(): PlayerActions {
  const store = useStore();

  return useMemo(() => {
    const run = async (call: (playerId: number) => Promise<import('@/contracts').Player>) => {
      try {
        const id = await ensurePlayerId(store);
        await commitPlayer(store, () => call(id));
      } catch (error) {
        showToast(pressFailedMessage(error), store);
      }
    };

    /** The position to send with a volume change: the audio's own when this device plays. */
    const position = () => store.get(positionAtom) ?? store.get(playerAtom)?.current_time ?? 0;

    /**
     * Moves the output to this device, at the server's last known time, and makes sure it plays.
     * Says so in a toast once the music is here. Returns false when the server refused or was away.
     */
    const moveHere = async (): Promise<boolean> => {
      const own = store.get(sessionIdAtom);
      // Before any await: the press is the gesture this device's browser lets its sound start in.
      getPlayerEngine()?.playFromGesture(false);
      try {
        const id = await ensurePlayerId(store);
        let player = store.get(playerAtom);
        if (own && player && player.session_id !== own) {
          const at = player.current_time;
          // Several devices may be offered the music at once: the first to accept gets it.
          const expected = player.session_id;
          player =
            (await commitPlayer(store, () => playerApi.moveOutput(id, own, at, expected))) ?? store.get(playerAtom);
        }
        if (player && !player.is_playing && player.track) {
          player = (await commitPlayer(store, () => playerApi.togglePlay(id))) ?? store.get(playerAtom);
        }
        if (own && store.get(playerAtom)?.session_id === own) showToast(hu.player.movedHere, store);
        return true;
      } catch (error) {
        if (error instanceof BrowserApiError && error.status === 409) {
          showToast(hu.player.outputTaken, store);
          void resyncPlayer(store).catch(() => {});
        } else {
          showToast(hu.realtime.moveFailed, store);
        }
        return false;
      }
    };

    /**
     * Moves the music here; from a device that does not answer while the music plays (it may still sound,
     * playing on alone) only once the user says so. Only the bundled API's devices report and play on
     * alone (`version`); against another the move goes as before.
     */
    const takeOver = async (silent: boolean): Promise<boolean> => {
      // With zones (issue 43): which zone's music first, and whether to take this device from its own.
      if ((await chooseZoneToPlayHere(store)) === 'cancel') return false;
      const player = store.get(playerAtom);
      const unanswered = silent || isOutputUnavailable(store, player);
      if (unanswered && mayStillSound(player) && !(await askTakeOver(store))) return false;
      return moveHere();
    };

    const askOutputToPlay = () => {
      showToast(heardNow(store) === 'stalled' ? hu.player.outputStalled : hu.player.outputNeedsTap, store);
    };

    const playPlayable = async (type: PlayableKind, id: number, trackId?: number) => {
      let before = store.get(playerAtom);
      // A start while the shop is closed asks first, as the bar's ▶ does; the yes is then the gesture.
      if (!before?.is_playing && store.get(shopClosedAtom)) {
        if (!(await askClosedStart(store))) return;
        before = store.get(playerAtom);
      }
      const active = playableState(before, type, id).active;
      const heard = heardNow(store);
      // This is the audio device and its browser waits for a tap: this press is one, so the music starts.
      if (
        active &&
        trackId === undefined &&
        heard === 'needs_tap' &&
        isOutputDevice(before, store.get(sessionIdAtom))
      ) {
        getPlayerEngine()?.startFromTap();
        return;
      }
      // Its sounding device stopped answering and may still sound: the play button shows ⏸ as the bar's
      // does, and pauses as the bar's does (moving the music is 'Lejátszás ezen az eszközön').
      if (active && trackId === undefined && store.get(outputUnknownAtom)) {
        return run((playerId) => playerApi.togglePlay(playerId));
      }
      // The device that holds the music is gone: this press brings the music here (asked first while it
      // played, as it may still sound).
      const gone = isOutputUnavailable(store, before);
      if (gone && active && trackId === undefined) {
        await takeOver(false);
        return;
      }
      // It is online and says it does not sound: it is already asked to play (its prompt); the press
      // never moves the music (only 'Lejátszás ezen az eszközön' does).
      if (!gone && isUnheard(heard) && active && trackId === undefined) {
        askOutputToPlay();
        return;
      }
      // On the audio device the press is the gesture its browser waits for: the sound starts in it (or,
      // for another channel or track, the page's audio is unlocked for the one the answer loads).
      const engine = isOutputDevice(before, store.get(sessionIdAtom)) ? getPlayerEngine() : null;
      // Pressing play on what already plays is a pause (and the reverse), not a restart.
      if (trackId === undefined && active) {
        engine?.playFromGesture(!before?.is_playing);
        return run((playerId) => playerApi.togglePlay(playerId)).finally(() => engine?.settle());
      }
      engine?.playFromGesture(false);
      // Another channel, list or track while that device is gone: the server hands the output here
      // itself, so the question comes first here too.
      if (gone && !isOutputDevice(before, store.get(sessionIdAtom)) && mayStillSound(before)) {
        if (!(await askTakeOver(store))) return;
      }
      await run((playerId) => playerApi.setPlayable(playerId, type, id, trackId));
      const after = store.get(playerAtom);
      if (!after || after === before) return;
      const own = store.get(sessionIdAtom);
      // The server hands the output over itself when its device is gone (it checks presence too): say so.
      const movedHere = !!own && !!before?.session_id && before.session_id !== own && after.session_id === own;
      if (movedHere) showToast(hu.player.movedHere, store);
      // An API that keeps the output on the gone device: move it here.
      else if (gone && after.session_id !== own) await moveHere();
    };

    return {
      playChannel: (channelId, trackId) => playPlayable('channel', channelId, trackId),
      playPlaylist: (playlistId, trackId) => playPlayable('playlist', playlistId, trackId),
      togglePlay: async (press) => {
        const toggle = () => {
          press?.();
          return run((playerId) => playerApi.togglePlay(playerId));
        };
        if (store.get(playerAtom)?.is_playing) return toggle();
        await startUnlessClosed(store, toggle);
      },
      toggleRandom: () => run((playerId) => playerApi.toggleRandom(playerId)),
      toggleRepeat: () => run((playerId) => playerApi.toggleRepeat(playerId)),
      next: () => run((playerId) => playerApi.next(playerId)),
      jumpToTrack: (trackId) => run((playerId) => playerApi.jumpToTrack(playerId, trackId)),
      seek: (seconds) => {
        store.set(positionAtom, Math.max(0, seconds));
        // The volume is the state's, with its version: a seek never sets back a newer volume.
        return run((playerId) => {
          const p = store.get(playerAtom);
          return playerApi.updateVolume(playerId, Math.max(0, seconds), p?.volume ?? 100, p?.version);
        });
      },
      setVolume: (v) => run((playerId) => playerApi.updateVolume(playerId, position(), snapVolume(v))),
      playHere: async (silent = false) => {
        await takeOver(silent);
      },
      askOutputToPlay,
    } satisfies PlayerActions;
  }, [store]);
}
