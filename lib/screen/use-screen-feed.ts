'use client';

import { useEffect, useRef } from 'react';
import { screenChannelName } from '@/contracts/names';
import { BrowserApiError } from '@/lib/api/fetcher';
import { connectRealtime, type RealtimeConnection } from '@/lib/realtime/echo';
import { resolveRealtimeConfig } from '@/lib/realtime/api';
import { LISTEN } from '@/lib/realtime/names';
import { screenApi, type PublicScreen, type PublicSlideshow } from './api';

/** Signed image links live a day; the screen takes fresh ones well before that. */
export const REFRESH_MS = 60 * 60 * 1000;
/** After a failed refresh (network down), try again sooner. */
const RETRY_MS = 60 * 1000;

export interface ScreenFeedHandlers {
  /** The screen's name or default slideshow (or its links) changed. */
  onScreen(screen: PublicScreen): void;
  /** Slideshows the scheduler sent, to play one pass each, in order. */
  onShow(shows: PublicSlideshow[]): void;
}

function readShowIds(payload: unknown): number[] {
  const ids = (payload as { slideshow_ids?: unknown } | null)?.slideshow_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
}

/**
 * Keeps an open screen current for days: the public channel `screen.{hash_id}` (ScreenUpdated →
 * fetch the screen again; ShowSlideshow → fetch those slideshows and play them once), a refresh of
 * the signed links every hour, and a refresh whenever the socket comes back after a break.
 * A screen deleted meanwhile (404) reloads the page, which then says so.
 */
export function useScreenFeed(hashId: string, handlers: ScreenFeedHandlers): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connection: RealtimeConnection | null = null;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), ms);
    };
    const gone = (error: unknown) => error instanceof BrowserApiError && error.status === 404;

    async function refresh() {
      try {
        const screen = await screenApi.screen(hashId);
        if (stopped) return;
        handlersRef.current.onScreen(screen);
        schedule(REFRESH_MS);
      } catch (error) {
        if (stopped) return;
        if (gone(error)) window.location.reload();
        else schedule(RETRY_MS);
      }
    }

    async function show(payload: unknown) {
      const ids = readShowIds(payload);
      const shows = await Promise.all(ids.map((id) => screenApi.slideshow(hashId, id).catch(() => null)));
      if (stopped) return;
      handlersRef.current.onShow(shows.filter((s): s is PublicSlideshow => s !== null));
    }

    schedule(REFRESH_MS);
    void (async () => {
      try {
        const config = await resolveRealtimeConfig();
        // No socket to be had (no key): the hourly refresh alone keeps the screen current.
        if (stopped || !config) return;
        connection = await connectRealtime(config);
        if (stopped) {
          connection.disconnect();
          return;
        }
        const channel = connection.echo.channel(screenChannelName(hashId));
        channel.listen(LISTEN.screenUpdated, () => void refresh());
        channel.listen(LISTEN.showSlideshow, (payload: unknown) => void show(payload));
        let wasConnected = connection.state() === 'connected';
        connection.onStateChange(({ current }) => {
          // Back after a break: whatever was sent meanwhile is lost, so read the screen afresh.
          if (current === 'connected' && !wasConnected) void refresh();
          wasConnected = current === 'connected';
        });
      } catch {
        // No realtime: the hourly refresh still keeps the slides and their links current.
      }
    })();

    const online = () => void refresh();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
      connection?.disconnect();
    };
  }, [hashId]);
}
