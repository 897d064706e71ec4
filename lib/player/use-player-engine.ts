'use client';

import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { Setting } from '@/contracts';
import { soundSettingsOf } from '@/contracts/sound-settings';
import { apiFetch } from '@/lib/api/fetcher';
import { useMe } from '@/lib/api/use-me';
import { connectionAtom } from '@/lib/realtime/atoms';
import { reconnectRealtimeNow } from '@/lib/realtime/keep-connected';
import { playerApi } from './api';
import { commitPlayer } from './commit';
import { isOutputDevice, shouldReclaimOutput } from './decisions';
import type { PlayerEngine } from './engine';
import type { EngineSession } from './engine-session';
import { mediaCorsReady } from './media-cors';
import { createOutage, isUnreachable } from './outage';
import { playerAtom, positionAtom, serverUnreachableAtom, sessionIdAtom } from './state';

/** How often a remote asks whether the API is back after an outage (the audio device: outage.ts's 500 ms). */
const REMOTE_PROBE_MS = 1_000;
/** How long the audio device waits before fetching the engine's code again after a failed fetch. */
const ENGINE_RETRY_MS = 3_000;

let engine: PlayerEngine | null = null;

/**
 * The proof-of-play outbox (play-reports.ts) is the audio device's, and comes with the engine's chunk;
 * the reports an earlier page or an outage left behind are sent from a small chunk of its own, fetched
 * once the page has loaded, so a page's first load does not carry the outbox (issue 42, own JS).
 */
function flushPlayReports(playerId: number): void {
  const flush = () =>
    void import('./play-reports').then((reports) => reports.flushPlayReports(playerId)).catch(() => undefined);
  if (document.readyState === 'complete') flush();
  else window.addEventListener('load', () => setTimeout(flush, 0), { once: true });
}

/** The running engine, for the tap prompt and the volume preview; null on the server and on a remote. */
export function getPlayerEngine(): PlayerEngine | null {
  return engine;
}

// The engine (engine.ts and what only the sounding device needs, engine-session.ts) is a chunk of its
// own: a remote's pages start without it (issue 27, own JS). It is fetched when this device is the
// output, and before: on intent to make it one (the pointer or focus on a play button, the device
// menu), so a press that brings the music here finds it evaluated when the server's answer comes.
let engineCode: Promise<typeof import('./engine-session')> | null = null;

function loadEngineCode(): Promise<typeof import('./engine-session')> {
  engineCode ??= import('./engine-session').catch((error: unknown) => {
    engineCode = null;
    throw error;
  });
  return engineCode;
}

/** Fetches the engine's code ahead of a press that may make this device the output. */
export function preloadPlayerEngine(): void {
  void loadEngineCode().catch(() => undefined);
}

/** Props for a control whose press may bring the music here: hover, focus or a touch fetch the engine. */
export const preloadEngineOnIntent = {
  onPointerEnter: preloadPlayerEngine,
  onFocus: preloadPlayerEngine,
  onTouchStart: preloadPlayerEngine,
} as const;

/**
 * Connects the engine to the player state. Mount once (the player bar does): the page's music element
 * is made at once (the engine plays through it, and it marks a running page), and the engine, once
 * this device sounds, owns it for the whole session, so navigating between pages never interrupts the
 * music. A device that stops being the output keeps its engine, silent, as every device did before.
 */
export function usePlayerEngine(): void {
  const store = useStore();
  const player = useAtomValue(playerAtom);
  const { data: me } = useMe();
  const sessionId = me?.session_id ?? null;
  const audio = useRef<HTMLAudioElement | null>(null);
  const output = isOutputDevice(player, sessionId);
  const [wanted, setWanted] = useState(output);
  if (output && !wanted) setWanted(true);
  const [running, setRunning] = useState(false);
  // A fetch of the engine's code that failed (the network) is tried again after a while.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = new Audio();
    element.preload = 'auto';
    element.setAttribute('data-player-audio', '');
    // In the document (hidden: no controls) so the page's audio can be found and inspected.
    element.hidden = true;
    document.body.appendChild(element);
    audio.current = element;
    return () => {
      element.remove();
      audio.current = null;
    };
  }, []);

  useEffect(() => {
    // The element is the effect above's, which runs first.
    const element = audio.current;
    if (!wanted || !element) return;
    let live = true;
    let session: EngineSession | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadEngineCode().then(
      ({ startEngineSession }) => {
        if (!live) return;
        session = startEngineSession(store, element);
        engine = session.engine;
        setRunning(true);
      },
      () => {
        retry = setTimeout(() => setAttempt((n) => n + 1), ENGINE_RETRY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
      if (session && engine === session.engine) engine = null;
      session?.dispose();
      setRunning(false);
    };
  }, [wanted, store, attempt]);

  // A remote (the music plays elsewhere) has nothing to play on alone, but its socket must not stay
  // deaf after an outage either: it asks every second whether the API is back, and once it answers
  // the socket connects anew at once (and reads the player once connected). The audio device's own
  // outage is its engine's (engine-session.ts).
  useEffect(() => {
    const remoteOutage = createOutage({
      tryReturn: async () => {
        await playerApi.list();
      },
      onAway: (away) => {
        if (!away) reconnectRealtimeNow();
      },
      intervalMs: REMOTE_PROBE_MS,
    });
    // A dropped socket is the first sign of an outage: one call tells whether the API is away.
    const unsubConnection = store.sub(connectionAtom, () => {
      const state = store.get(connectionAtom);
      if (state === 'connected') {
        remoteOutage.nudge();
        return;
      }
      if (state !== 'offline' || remoteOutage.away) return;
      if (isOutputDevice(store.get(playerAtom), store.get(sessionIdAtom))) return;
      playerApi.list().catch((error: unknown) => {
        if (isUnreachable(error)) remoteOutage.begin();
      });
    });
    const online = () => remoteOutage.nudge();
    window.addEventListener('online', online);
    return () => {
      remoteOutage.dispose();
      unsubConnection();
      window.removeEventListener('online', online);
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
  const levelled = running && mediaCorsReady(player) && isOutputDevice(player, sessionId);
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
