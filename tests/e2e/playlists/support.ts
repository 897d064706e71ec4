import { expect, type Page } from '@playwright/test';
import type { Playlist, Track } from '../../../contracts';

/** A name no other test (or earlier run) uses, so a test finds its own playlist. */
export function uniqueName(tag: string): string {
  return `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A JSON call from inside the page, through the same BFF (and cookies) the app uses. */
export async function pageCall<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  expect(result.status, `${method} ${path}: ${result.text}`).toBeLessThan(300);
  return JSON.parse(result.text) as T;
}

export async function channelTrackIds(page: Page, channelId = 1): Promise<number[]> {
  const tracks = await pageCall<Track[]>(page, 'GET', `/api/channels/${channelId}/tracks`);
  return tracks.map((track) => track.id);
}

/** A playlist of this test's own, with these tracks in this order. */
export async function createPlaylist(page: Page, name: string, tracks: number[] = []): Promise<Playlist> {
  if (tracks.length === 0) return pageCall<Playlist>(page, 'POST', '/api/playlists', { name });
  return pageCall<Playlist>(page, 'POST', '/api/playlists/all-tracks/', { name, tracks });
}

export async function playlistTrackIds(page: Page, id: number): Promise<number[]> {
  const tracks = await pageCall<Track[]>(page, 'GET', `/api/playlists/${id}/tracks`);
  return tracks.map((track) => track.id);
}

/** The track ids in the order the list shows them. */
export async function shownTrackIds(page: Page): Promise<number[]> {
  return page
    .getByRole('region', { name: 'A lista zenéi' })
    .locator('li[data-track-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-track-id'))));
}

export function toast(page: Page, text: string) {
  return page.getByRole('status', { name: 'Felugró üzenetek' }).getByText(text, { exact: true });
}

/**
 * The drag-and-drop list's screen-reader announcement when it says `text` (the lift, each new
 * place): the drag's state to wait for before the next key or the drop.
 */
export function dragAnnounced(page: Page, text: string) {
  return page.locator('[id^="rfd-announcement-"]').filter({ hasText: text });
}
