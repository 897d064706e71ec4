'use client';

import { useSetAtom, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { Player, PlayerSound } from '@/contracts';
import { customerChannelName, playerChannelName } from '@/contracts/names';
import { ApiError, apiFetch } from '@/lib/api/fetcher';
import { ME_KEY } from '@/lib/api/keys';
import { useCustomer } from '@/lib/api/use-customer';
import { connectionAtom, membersAtom } from './atoms';
import { resolveRealtimeConfig } from './api';
import { initialLink, linkReducer, startVisiblePolling, type LinkEvent, type LinkState } from './fallback';
import { addMember, parseMembers, removeMember } from './devices';
import { readPlaySound, readPlaySpots, readUpdatePlayer } from './guards';
import { connectRealtime, type RealtimeConnection, type StateChange } from './echo';
import { LISTEN } from './names';

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

/**
 * What the transport hands its one subscriber: typed, read events and the moments to fetch the
 * state again. The transport knows nothing of what they do. Pass a stable object (memoised on the
 * store): a new one reconnects.
 */
export interface RealtimeEvents {
  /** Events may have been missed (a reconnect, a wake-up, a new subscription, a poll tick): fetch again. */
  missed(): Promise<unknown>;
  /** UpdatePlayer: a state another device caused. */
  player(player: Player): void;
  /** PlaySpots, or a PlaySound as a list of one. */
  sounds(items: PlayerSound[]): void;
  /** A 4009 close after which /api/me said 401: this login is over; the page leaves once it settles. */
  loginEnded(): Promise<void>;
}

let connection: RealtimeConnection | null = null;

/** The live connection, for tests through the page and for the device list. */
export function getRealtimeConnection(): RealtimeConnection | null {
  return connection;
}

/**
 * Keeps this device live: the socket (loaded after the first paint), the player channel
 * (UpdatePlayer, PlaySpots, PlaySound) of `playerId`, the shop's presence channel (the device list),
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
      events
        .missed()
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
        stopPolling ??= startVisiblePolling(() => void events.missed().catch(() => {}), document);
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
            await events.loginEnded();
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
      });
    return () => {
      live.echo.leave(name);
      setMembers([]);
    };
  }, [live, customerId, setMembers]);
}
