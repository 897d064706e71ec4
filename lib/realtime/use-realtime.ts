'use client';

import { useAtomValue, useStore, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { Player, PlayerSound } from '@/contracts';
import { customerChannelName, playerChannelName } from '@/contracts/names';
import { ApiError, apiFetch } from '@/lib/api/fetcher';
import { ME_KEY } from '@/lib/api/keys';
import { useCustomer } from '@/lib/api/use-customer';
import { playerAtom } from '@/lib/player/atoms';
import { leaveEndedLogin } from '@/lib/player/end-login';
import { reportPlayed } from '@/lib/player/play-reports';
import { applyPushedPlayer, resyncPlayer } from '@/lib/player/commit';
import { isOutputDevice } from '@/lib/player/decisions';
import { mediaCorsReady } from '@/lib/player/engine';
import { getPlayerEngine, sessionIdAtom } from '@/lib/player/use-player-engine';
import { connectionAtom, membersAtom, remoteSpotsAtom, spotQueueAtom } from './atoms';
import { resolveRealtimeConfig } from './api';
import { initialLink, linkReducer, startVisiblePolling, type LinkEvent, type LinkState } from './fallback';
import { addMember, parseMembers, removeMember } from './devices';
import { readPlaySound, readPlaySpots, readUpdatePlayer } from './guards';
import { connectRealtime, type RealtimeConnection, type StateChange } from './echo';
import { LISTEN } from './names';
import { SpotPlayer } from './spot-player';
import { currentSpot, extendRemoteTimeline, spotQueueReducer, type SpotQueueAction } from './spot-queue';

type Store = ReturnType<typeof useStore>;

/** A page hidden (or a machine asleep) for longer than this is assumed to have missed events. */
const STALE_AFTER_MS = 5_000;
const CONFIG_RETRY_MS = [2_000, 5_000, 15_000, 30_000];
/** After the service refused the socket, the next try waits this long. */
const REFUSED_RETRY_MS = 5_000;

/** The longest the connection waits for an idle moment after the page has hydrated. */
const KICKOFF_LIMIT_MS = 1500;

function whenIdle(run: () => void, limitMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: limitMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
}

export function dispatchSpots(store: Store, action: SpotQueueAction): void {
  const before = store.get(spotQueueAtom);
  const after = spotQueueReducer(before, action);
  if (after !== before) store.set(spotQueueAtom, after);
}

/** Spots and sounds go to the audio device's queue; remote devices only estimate them. */
function receiveSounds(store: Store, sessionId: string | null, items: PlayerSound[]): void {
  if (!items.length) return;
  if (isOutputDevice(store.get(playerAtom), sessionId)) {
    dispatchSpots(
      store,
      items.length === 1 && items[0]!.type === 'sound'
        ? { type: 'sound', sound: items[0]! }
        : { type: 'fill', spots: items },
    );
  } else {
    store.set(remoteSpotsAtom, extendRemoteTimeline(store.get(remoteSpotsAtom), items, Date.now()));
  }
}

/** Another device changed the track while a sound played here: that was a skip (SPEC.md §4). */
function receivePlayer(store: Store, sessionId: string | null, player: Player): void {
  const before = store.get(playerAtom);
  if (!applyPushedPlayer(store, player)) return;
  const trackChanged = (before?.track?.id ?? null) !== (player.track?.id ?? null);
  if (!trackChanged) return;
  if (isOutputDevice(player, sessionId) && currentSpot(store.get(spotQueueAtom))?.type === 'sound') {
    dispatchSpots(store, { type: 'skip' });
  }
  const remote = store.get(remoteSpotsAtom);
  const now = Date.now();
  const head = remote.find((e) => e.startsAt <= now && e.endsAt > now);
  if (head?.type === 'sound') store.set(remoteSpotsAtom, []);
}

let connection: RealtimeConnection | null = null;

/** The live connection, for tests through the page and for the device list. */
export function getRealtimeConnection(): RealtimeConnection | null {
  return connection;
}

/**
 * Keeps this device live: the socket (loaded after the first paint), the player channel
 * (UpdatePlayer, PlaySpots, PlaySound), the shop's presence channel (the device list), the
 * spot element, and a fresh player after every drop or sleep. Mount once, with the engine.
 */
export function useRealtime(): void {
  const store = useStore();
  const { data: customer } = useCustomer();
  const player = useAtomValue(playerAtom);
  const playerId = player?.id ?? null;
  const customerId = customer?.id ?? null;
  const setMembers = useSetAtom(membersAtom);
  const [live, setLive] = useState<RealtimeConnection | null>(null);

  // The connection, once per page.
  useEffect(() => {
    let cancelled = false;
    let current: RealtimeConnection | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let everConnected = false;
    let hiddenAt: number | null = null;
    let lastTick = Date.now();

    const resync = () => {
      // While polling the bar says nothing about connecting; the poll keeps the player current.
      if (link.mode !== 'poll') store.set(connectionAtom, 'offline');
      resyncPlayer(store)
        .then(() => {
          if (!cancelled && current?.state() === 'connected') store.set(connectionAtom, 'connected');
        })
        .catch(() => {
          // Still unreachable: the indicator stays until the next state change or wake-up.
        });
    };

    let link: LinkState = initialLink;
    let stopPolling: (() => void) | null = null;
    /** Set while this hook itself drops the socket, whose 'disconnected' is then no failure. */
    let restarting = false;
    let restartTimer: ReturnType<typeof setTimeout> | null = null;

    const restartSoon = (delayMs: number) => {
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (cancelled || !current) return;
        restarting = true;
        try {
          current.restart();
        } finally {
          restarting = false;
        }
      }, delayMs);
    };

    /** Polls while the link is in 'poll' mode; the socket, when it comes back, ends it. */
    const applyLink = (event: LinkEvent) => {
      link = linkReducer(link, event);
      if (link.mode === 'poll') {
        store.set(connectionAtom, 'polling');
        stopPolling ??= startVisiblePolling(() => void resyncPlayer(store).catch(() => {}), document);
      } else if (stopPolling) {
        stopPolling();
        stopPolling = null;
      }
    };

    /** Set from a 4009 close until /api/me has said whether this browser is still logged in. */
    let unauthorized = false;
    const onUnauthorized = () => {
      unauthorized = true;
      apiFetch(ME_KEY)
        .then(() => {
          // Still logged in (a remember-me renewal keeps the device): connect and subscribe again,
          // each channel authorised by the login that is live now.
          unauthorized = false;
          if (!cancelled && current) restartSoon(0);
        })
        .catch(async (error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && (error.status === 401 || error.status === 419)) {
            await leaveEndedLogin();
            // The BFF route clears the stale cookie and shows /login (as useMe does on a 401).
            window.location.assign('/auth/expired');
            return;
          }
          // The API did not answer: try the socket again later, which asks anew if refused again.
          unauthorized = false;
          if (current) restartSoon(REFUSED_RETRY_MS);
        });
    };

    const onState = ({ current: now }: StateChange) => {
      if (now === 'connected') {
        const wasPolling = link.mode === 'poll';
        applyLink({ type: 'connected' });
        if (everConnected || wasPolling) resync();
        else store.set(connectionAtom, 'connected');
        everConnected = true;
        return;
      }
      if (now === 'failed') {
        // pusher-js cannot open a socket in this browser at all.
        applyLink({ type: 'no-socket' });
        return;
      }
      if (now === 'disconnected' && unauthorized) {
        // Not a failure of the link: onUnauthorized decides what comes next.
        store.set(connectionAtom, 'offline');
        return;
      }
      if (now === 'unavailable' || (now === 'disconnected' && !restarting)) {
        // A connect that did not succeed in pusher-js's time (10 s), or one the service refused (a
        // key it does not know): counted, then a fresh try.
        applyLink({ type: 'failed' });
        restartSoon(now === 'unavailable' ? 0 : REFUSED_RETRY_MS);
      }
      if (link.mode === 'poll') return;
      if (now === 'connecting' && !everConnected) store.set(connectionAtom, 'connecting');
      else store.set(connectionAtom, 'offline');
    };

    const start = async () => {
      if (link.mode !== 'poll') store.set(connectionAtom, 'connecting');
      try {
        const config = await resolveRealtimeConfig();
        if (cancelled) return;
        if (!config) {
          // No key anywhere: no socket, and no 'Kapcsolódás…' for ever either.
          applyLink({ type: 'no-socket' });
          return;
        }
        const made = await connectRealtime(config);
        if (cancelled) {
          made.disconnect();
          return;
        }
        current = made;
        connection = made;
        // Before the state listener: pusher-js reports the close's error before 'disconnected'.
        made.onUnauthorized(onUnauthorized);
        made.onStateChange(onState);
        if (made.state() === 'connected') onState({ previous: 'connecting', current: 'connected' });
        setLive(made);
      } catch {
        if (cancelled) return;
        applyLink({ type: 'failed' });
        if (link.mode !== 'poll') store.set(connectionAtom, 'offline');
        retry = setTimeout(() => void start(), CONFIG_RETRY_MS[Math.min(attempt++, CONFIG_RETRY_MS.length - 1)]);
      }
    };

    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        return;
      }
      const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
      hiddenAt = null;
      if (away < STALE_AFTER_MS || !current) return;
      current.reconnectNow();
      if (current.state() === 'connected') resync();
    };

    // A machine that slept may not report hidden at all: a long gap between ticks tells instead.
    const ticker = setInterval(() => {
      const now = Date.now();
      const gap = now - lastTick;
      lastTick = now;
      if (gap > 4 * STALE_AFTER_MS && current) {
        current.reconnectNow();
        if (current.state() === 'connected') resync();
      }
    }, STALE_AFTER_MS);

    document.addEventListener('visibilitychange', onVisibility);
    // Off the critical path: Echo and pusher-js come in their own chunk once the page has hydrated
    // and the browser is idle (at the latest after KICKOFF_LIMIT_MS), so loading them never lengthens
    // the page's start on a weak PC; the first connect fetches the player again anyway.
    const cancelKickoff = whenIdle(() => void start(), KICKOFF_LIMIT_MS);

    return () => {
      cancelled = true;
      stopPolling?.();
      if (restartTimer) clearTimeout(restartTimer);
      cancelKickoff();
      clearInterval(ticker);
      if (retry) clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisibility);
      current?.disconnect();
      if (connection === current) connection = null;
      setLive(null);
      store.set(connectionAtom, 'idle');
    };
  }, [store]);

  // The player channel.
  useEffect(() => {
    if (!live || playerId === null) return;
    const name = playerChannelName(playerId);
    const channel = live.echo.private(name);
    channel
      // Changes made before this (re)subscription were never sent here: fetch the player once.
      .subscribed(() => void resyncPlayer(store).catch(() => {}))
      .listen(LISTEN.updatePlayer, (payload: unknown) => {
        const player = readUpdatePlayer(payload);
        if (player) receivePlayer(store, store.get(sessionIdAtom), player);
      })
      .listen(LISTEN.playSpots, (payload: unknown) => {
        const spots = readPlaySpots(payload);
        if (spots) receiveSounds(store, store.get(sessionIdAtom), spots);
      })
      .listen(LISTEN.playSound, (payload: unknown) => {
        const sound = readPlaySound(payload);
        if (sound) receiveSounds(store, store.get(sessionIdAtom), [sound]);
      });
    return () => live.echo.leave(name);
  }, [live, playerId, store]);

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
      });
    return () => {
      live.echo.leave(name);
      setMembers([]);
    };
  }, [live, customerId, setMembers]);

  // The spot element, driven by the queue; only the audio device keeps a queue.
  useEffect(() => {
    const engine = getPlayerEngine();
    if (!engine) return;
    const spots = new SpotPlayer(
      engine,
      (action) => dispatchSpots(store, action),
      (report) => {
        const p = store.get(playerAtom);
        if (p) reportPlayed(p.id, report);
      },
    );
    document.body.appendChild(spots.element);
    const follow = () => {
      const p = store.get(playerAtom);
      const session = store.get(sessionIdAtom);
      // The engine first, so a spot giving the floor back meets the new state, not the old one.
      engine.apply(p, session);
      if (!isOutputDevice(p, session)) dispatchSpots(store, { type: 'reset' });
      spots.sync(store.get(spotQueueAtom), p?.volume ?? 100, mediaCorsReady(p ?? null));
    };
    const unsubQueue = store.sub(spotQueueAtom, follow);
    const unsubPlayer = store.sub(playerAtom, follow);
    const unsubSession = store.sub(sessionIdAtom, follow);
    follow();
    return () => {
      unsubQueue();
      unsubPlayer();
      unsubSession();
      spots.dispose();
      spots.element.remove();
      dispatchSpots(store, { type: 'reset' });
    };
  }, [store]);
}
