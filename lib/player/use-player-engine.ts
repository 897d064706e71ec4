'use client';

import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import type { Setting } from '@/contracts';
import { soundSettingsOf } from '@/contracts/sound-settings';
import { apiFetch } from '@/lib/api/fetcher';
import { useMe } from '@/lib/api/use-me';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { connectionAtom } from '@/lib/realtime/atoms';
import { reconnectRealtimeNow } from '@/lib/realtime/keep-connected';
import { showToast } from '@/lib/ui/toast';
import { playerApi } from './api';
import { commitPlayer } from './commit';
import { isOutputDevice, shouldReclaimOutput } from './decisions';
import { mediaCorsReady, PlayerEngine } from './engine';
import { keepMedia, mediaToKeep, releaseMedia } from './media-cache';
import { createNextRequester } from './next-retry';
import { createOutage, isUnreachable, returnFromAlone } from './outage';
import { flushPlayReports, reportPlayed } from './play-reports';
import {
  aloneTrackAtom,
  durationAtom,
  localOutputAtom,
  needsTapAtom,
  playerAtom,
  playingOnAloneAtom,
  positionAtom,
  serverUnreachableAtom,
  sessionIdAtom,
  spotQueueAtom,
} from './state';

const hu = { player: huPlayer };

/** How often a remote asks whether the API is back after an outage (the audio device: outage.ts's 500 ms). */
const REMOTE_PROBE_MS = 1_000;

let engine: PlayerEngine | null = null;

/** The running engine, for the tap prompt and the volume preview; null on the server. */
export function getPlayerEngine(): PlayerEngine | null {
  return engine;
}

/**
 * Connects the engine to the player state. Mount once (the player bar does): it owns the audio
 * element for the whole session, so navigating between pages never interrupts the music.
 */
export function usePlayerEngine(): void {
  const store = useStore();
  const player = useAtomValue(playerAtom);
  const { data: me } = useMe();
  const sessionId = me?.session_id ?? null;

  useEffect(() => {
    const current = () => store.get(playerAtom);

    // While the API is away the device plays on alone (see outage.ts) and asks every half second whether it
    // is back; then it tells the server where it is and follows the server's answer.
    const outage = createOutage({
      tryReturn: async () => {
        const latest = await returnFromAlone(
          {
            list: () => playerApi.list(),
            next: (id) => playerApi.nextAtTrackEnd(id),
            report: (id, time, volume) => playerApi.updateVolume(id, time, volume),
          },
          () => instance.alonePosition(),
        );
        instance.endAlone();
        store.set(aloneTrackAtom, null);
        const applied = latest ? await commitPlayer(store, async () => latest) : null;
        // Dropped as not newer (or nothing came): the engine follows what the store holds.
        if (!applied) instance.apply(current(), store.get(sessionIdAtom));
      },
      onAway: (away) => {
        store.set(playingOnAloneAtom, away);
        if (away) return;
        store.set(serverUnreachableAtom, false);
        // The API answers again: the socket, which may still be waiting on the dead server's attempt or
        // pusher-js's back-off, connects anew now, and reads the player once connected.
        reconnectRealtimeNow();
      },
    });
    /** The API did not answer: play on alone when the engine can (our API announces next tracks). */
    const wentAway = (error: unknown): boolean => {
      if (!isUnreachable(error) || !instance.beginAlone()) return false;
      outage.begin();
      return true;
    };

    // A track's end asks the server for the next one; with the API away the device goes on to the next
    // announced track. An API that announces none (Laravel): the bar says the server is away and the
    // device asks again every few seconds, so the music comes back as soon as it answers.
    const next = createNextRequester({
      call: (key) => {
        const p = current();
        if (!p) return Promise.resolve(null);
        if (instance.isAlone) {
          instance.goOnAlone();
          return Promise.resolve(null);
        }
        return commitPlayer(store, () => playerApi.nextAtTrackEnd(p.id, key)).catch((error: unknown) => {
          if (!wentAway(error)) throw error;
          instance.goOnAlone();
          return null;
        });
      },
      shouldRetry: () => {
        const again = current();
        return !!again?.is_playing && isOutputDevice(again, store.get(sessionIdAtom));
      },
      onUnreachable: (unreachable) => store.set(serverUnreachableAtom, unreachable),
    });
    const requestNext = () => next.request();

    const instance = new PlayerEngine({
      onPosition: (seconds) => store.set(positionAtom, seconds),
      onDuration: (seconds) => store.set(durationAtom, seconds),
      onNeedsTap: (needed) => store.set(needsTapAtom, needed),
      onOutputState: (state) => store.set(localOutputAtom, state),
      requestNext,
      requestReload: () => {
        const p = current();
        if (p) commitPlayer(store, () => playerApi.loadTrack(p.id)).catch(requestNext);
      },
      report: (currentTime, volume, options) => {
        const p = current();
        if (!p) return;
        if (options?.leaving) {
          playerApi.updateVolumeOnLeave(p.id, currentTime, volume);
          return;
        }
        // A lost report is harmless: the next one carries the position again. One the API did not
        // answer starts the outage: the device plays on alone and the bar says so.
        commitPlayer(store, () => playerApi.updateVolume(p.id, currentTime, volume)).catch(wentAway);
      },
      togglePlay: () => {
        const p = current();
        if (p) commitPlayer(store, () => playerApi.togglePlay(p.id)).catch(() => showToast(hu.player.failed, store));
      },
      onTrackFailed: () => showToast(hu.player.trackFailed, store),
      onPlayed: (report) => {
        const p = current();
        if (p) reportPlayed(p.id, report);
      },
      onAloneTrack: (track) => store.set(aloneTrackAtom, track),
      onAloneExhausted: () => store.set(serverUnreachableAtom, true),
    });

    // A remote (the music plays elsewhere) has nothing to play on alone, but its socket must not stay
    // deaf after an outage either: it asks every second whether the API is back, and once it answers
    // the socket connects anew at once (and reads the player once connected).
    const remoteOutage = createOutage({
      tryReturn: async () => {
        await playerApi.list();
      },
      onAway: (away) => {
        if (!away) reconnectRealtimeNow();
      },
      intervalMs: REMOTE_PROBE_MS,
    });

    // A dropped socket is the first sign of an outage: one call tells whether the API is away (a socket
    // that drops while the API answers is left to pusher-js's own retries).
    const unsubConnection = store.sub(connectionAtom, () => {
      const state = store.get(connectionAtom);
      if (state === 'connected') {
        outage.nudge();
        remoteOutage.nudge();
        return;
      }
      if (state !== 'offline' || outage.away || remoteOutage.away) return;
      if (!isOutputDevice(current(), store.get(sessionIdAtom))) {
        playerApi.list().catch((error: unknown) => {
          if (isUnreachable(error)) remoteOutage.begin();
        });
        return;
      }
      playerApi.list().catch(wentAway);
    });
    const online = () => {
      outage.nudge();
      remoteOutage.nudge();
    };
    window.addEventListener('online', online);

    // The media cache keeps what the audio device may need with the API away (and nothing else).
    const keep = () => {
      if (instance.isAlone) return;
      const p = current();
      if (p && mediaCorsReady(p) && isOutputDevice(p, store.get(sessionIdAtom))) {
        keepMedia(
          mediaToKeep(
            p,
            store.get(spotQueueAtom).queue.map((item) => item.url),
          ),
        );
      } else releaseMedia();
    };
    const unsubKeep = [store.sub(playerAtom, keep), store.sub(spotQueueAtom, keep), store.sub(sessionIdAtom, keep)];
    keep();

    // The audio device tells the server what its music really does whenever the server's player says
    // otherwise (a change here, the output just moved here, a report lost on the way): the remotes
    // show that instead of the play state alone. Only the bundled API has the call (it announces
    // `version`); nothing is sent while the API is away.
    let reporting: string | null = null;
    const reportOutput = () => {
      const p = current();
      const state = store.get(localOutputAtom);
      if (!p || !state || !mediaCorsReady(p) || instance.isAlone) return;
      if (!isOutputDevice(p, store.get(sessionIdAtom)) || p.output?.state === state) return;
      const key = `${p.id}:${p.session_id}:${state}`;
      if (reporting === key) return;
      reporting = key;
      commitPlayer(store, () => playerApi.reportOutput(p.id, state))
        .catch(() => {
          // Lost: the next change of the player tries again, as it still differs.
        })
        .finally(() => {
          if (reporting === key) reporting = null;
        });
    };
    const unsubOutput = [store.sub(localOutputAtom, reportOutput), store.sub(playerAtom, reportOutput)];
    engine = instance;
    // In the document (hidden: no controls) so the page's audio can be found and inspected.
    instance.audio.hidden = true;
    document.body.appendChild(instance.audio);
    return () => {
      next.dispose();
      outage.dispose();
      remoteOutage.dispose();
      unsubConnection();
      for (const unsub of [...unsubKeep, ...unsubOutput]) unsub();
      store.set(localOutputAtom, null);
      window.removeEventListener('online', online);
      store.set(serverUnreachableAtom, false);
      store.set(playingOnAloneAtom, false);
      store.set(aloneTrackAtom, null);
      instance.dispose();
      for (const element of instance.musicElements) element.remove();
      if (engine === instance) engine = null;
    };
  }, [store]);

  // Proof of play: reports an earlier page or an outage left behind go out now, and again when the
  // network or the API comes back (the outbox also retries on its own every half minute).
  const playerId = player?.id;
  useEffect(() => {
    if (playerId === undefined) return;
    flushPlayReports(playerId);
    const again = () => flushPlayReports(playerId);
    window.addEventListener('online', again);
    const unsubscribe = store.sub(serverUnreachableAtom, () => {
      if (!store.get(serverUnreachableAtom)) again();
    });
    return () => {
      window.removeEventListener('online', again);
      unsubscribe();
    };
  }, [playerId, store]);

  // The shop's sound settings (levelling, spots' gain, crossfade), read again at every track the audio
  // device starts, so a change on /settings reaches the music by the next track at the latest. Only our
  // API has them (and the media the graph needs); a failed read keeps what the device had.
  const trackId = player?.track?.id;
  const levelled = mediaCorsReady(player) && isOutputDevice(player, sessionId);
  useEffect(() => {
    if (!levelled || trackId === undefined) return;
    let live = true;
    apiFetch<Setting[]>('/api/settings')
      .then((rows) => {
        if (live) engine?.setSoundSettings(soundSettingsOf(rows));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [levelled, trackId]);

  const lastSessionId = useRef<string | null>(null);
  const renewedFrom = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastSessionId.current;
    lastSessionId.current = sessionId;
    if (player && sessionId && shouldReclaimOutput(player, previous, sessionId)) {
      renewedFrom.current = previous;
      const time = engine?.currentTime ?? store.get(positionAtom) ?? player.current_time;
      commitPlayer(store, () => playerApi.moveOutput(player.id, sessionId, time))
        .catch(() => {})
        .finally(() => {
          renewedFrom.current = null;
        });
    }
    // Until the server names the new session, this device keeps sounding as the old one.
    const renewing = renewedFrom.current !== null && player?.session_id === renewedFrom.current;
    store.set(sessionIdAtom, sessionId);
    engine?.apply(player, renewing ? renewedFrom.current : sessionId);
  }, [player, sessionId, store]);
}

/** Whether this device is the one that sounds. */
export function useIsOutputDevice(): boolean {
  const player = useAtomValue(playerAtom);
  const { data: me } = useMe();
  return isOutputDevice(player, me?.session_id);
}
