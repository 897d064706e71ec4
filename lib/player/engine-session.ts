import type { createStore } from 'jotai';
import { player as huPlayer } from '@/lib/i18n/hu/player';
import { connectionAtom } from '@/lib/realtime/atoms';
import { reconnectRealtimeNow } from '@/lib/realtime/keep-connected';
import { showToast } from '@/lib/ui/toast';
import { playerApi } from './api';
import { commitPlayer } from './commit';
import { isOutputDevice } from './decisions';
import { PlayerEngine } from './engine';
import { keepMedia, mediaToKeep, releaseMedia } from './media-cache';
import { mediaCorsReady } from './media-cors';
import { createNextRequester } from './next-retry';
import { createOutage, isUnreachable, returnFromAlone } from './outage';
import { reportPlayed } from './play-reports';
import { pressFailedMessage } from './press-failure';
import { SpotPlayer } from './spot-player';
import { startUnlessClosed } from './closed-start';
import {
  aheadTrackAtom,
  aloneTrackAtom,
  dispatchSpots,
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

type Store = ReturnType<typeof createStore>;

const hu = { player: huPlayer };

export interface EngineSession {
  engine: PlayerEngine;
  dispose(): void;
}

/**
 * The audio device's half of the player: the engine on the page's music element, its outage (playing
 * on alone), the next track at a track's end, the media cache, the reports of what sounds, and the
 * spot element. Its own chunk, loaded by use-player-engine.ts only on the device that sounds (or is
 * about to: intent on a play button or the device menu), so a remote's pages start without it
 * (issue 27, own JS). Follows the store from its start until `dispose`.
 */
export function startEngineSession(store: Store, audio: HTMLAudioElement): EngineSession {
  const current = () => store.get(playerAtom);

  // While the API is away the device plays on alone (see outage.ts) and asks every half second whether it
  // is back; then it tells the server where it is and follows the server's answer.
  const outage = createOutage({
    tryReturn: async (signal) => {
      const latest = await returnFromAlone(
        {
          list: (probeSignal) => playerApi.probe(probeSignal),
          next: (id) => playerApi.nextAtTrackEnd(id),
          report: (id, time, volume) => playerApi.updateVolume(id, time, volume, current()?.version),
        },
        () => instance.alonePosition(),
        signal,
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

  const instance = new PlayerEngine(
    {
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
        // With the version it knows: a report on its way as the plan's block (or another device) sets
        // a new volume must not set the old one back.
        if (options?.leaving) {
          playerApi.updateVolumeOnLeave(p.id, currentTime, volume, p.version);
          return;
        }
        // A lost report is harmless: the next one carries the position again. One the API did not
        // answer starts the outage: the device plays on alone and the bar says so.
        commitPlayer(store, () => playerApi.updateVolume(p.id, currentTime, volume, p.version)).catch(wentAway);
      },
      togglePlay: () => {
        const p = current();
        if (!p) return;
        const toggle = () =>
          commitPlayer(store, () => playerApi.togglePlay(p.id)).catch((error: unknown) =>
            showToast(pressFailedMessage(error), store),
          );
        // A media key's play in a closed shop asks first, as every start does (closed-start.ts).
        if (p.is_playing) void toggle();
        else void startUnlessClosed(store, toggle);
      },
      onTrackFailed: () => showToast(hu.player.trackFailed, store),
      onPlayed: (report) => {
        const p = current();
        if (p) reportPlayed(p.id, report);
      },
      onAloneTrack: (track) => store.set(aloneTrackAtom, track),
      onAheadTrack: (track) => store.set(aheadTrackAtom, track),
      onAloneExhausted: () => store.set(serverUnreachableAtom, true),
    },
    audio,
  );

  // A dropped socket is the first sign of an outage: one call tells whether the API is away (a socket
  // that drops while the API answers is left to pusher-js's own retries). A remote's own probe is
  // use-player-engine.ts's.
  const unsubConnection = store.sub(connectionAtom, () => {
    const state = store.get(connectionAtom);
    if (state === 'connected') {
      outage.nudge();
      return;
    }
    if (state !== 'offline' || outage.away) return;
    if (isOutputDevice(current(), store.get(sessionIdAtom))) playerApi.list().catch(wentAway);
  });
  const online = () => outage.nudge();
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

  // Spots and sounds play on their own element; the engine follows every new state (and session).
  const spots = new SpotPlayer(
    instance,
    (action) => dispatchSpots(store, action),
    (report) => {
      const p = store.get(playerAtom);
      if (p) reportPlayed(p.id, report);
    },
  );
  document.body.appendChild(spots.element);
  let wasPlaying = store.get(playerAtom)?.is_playing ?? false;
  const follow = () => {
    const p = store.get(playerAtom);
    const session = store.get(sessionIdAtom);
    // The engine first, so a spot giving the floor back meets the new state, not the old one.
    instance.apply(p, session);
    const playing = p?.is_playing ?? false;
    const turned = playing !== wasPlaying;
    // Set before dispatching: the dispatch runs this again, which must not see the turn twice.
    wasPlaying = playing;
    // The music plan's pause is the shop closing: a spot it interrupts is over (logged as not played to
    // the end), not kept for the next morning.
    const closing = turned && !playing && p?.plan?.applied === true;
    if (!isOutputDevice(p, session) || closing) dispatchSpots(store, { type: 'reset' });
    // Pause (pressed on any device) silences a spot or sound at once; play lets a held spot go on.
    else if (turned) dispatchSpots(store, { type: playing ? 'resume' : 'pause' });
    spots.sync(store.get(spotQueueAtom), p?.volume ?? 100, mediaCorsReady(p ?? null));
  };
  const unsubFollow = [
    store.sub(spotQueueAtom, follow),
    store.sub(playerAtom, follow),
    store.sub(sessionIdAtom, follow),
  ];
  follow();

  return {
    engine: instance,
    dispose: () => {
      for (const unsub of [...unsubFollow, ...unsubKeep, ...unsubOutput]) unsub();
      spots.dispose();
      spots.element.remove();
      dispatchSpots(store, { type: 'reset' });
      next.dispose();
      outage.dispose();
      unsubConnection();
      store.set(localOutputAtom, null);
      window.removeEventListener('online', online);
      store.set(serverUnreachableAtom, false);
      store.set(playingOnAloneAtom, false);
      store.set(aloneTrackAtom, null);
      store.set(aheadTrackAtom, null);
      instance.dispose();
      // The second music element the graph may have added; the first is the page's (use-player-engine.ts).
      for (const element of instance.musicElements) if (element !== audio) element.remove();
    },
  };
}
