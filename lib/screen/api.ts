import { apiFetch } from '@/lib/api/fetcher';
import type { Slide } from './sequence';

/**
 * What the public screen calls answer (our own API's addition; nothing in SPEC.md names it). Read
 * leniently: a slide needs an id and a URL; seconds default to 5, the editor's default.
 */
export interface PublicSlideshow {
  id: number;
  name: string;
  images: Slide[];
}

export interface PublicScreen {
  name: string;
  slideshow: PublicSlideshow | null;
}

const DEFAULT_SECONDS = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readSlideshow(value: unknown): PublicSlideshow | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  const images = Array.isArray(value.images) ? value.images : [];
  return {
    id: value.id,
    name: typeof value.name === 'string' ? value.name : '',
    images: images.flatMap((image): Slide[] => {
      if (!isRecord(image) || typeof image.id !== 'number' || typeof image.url !== 'string' || !image.url) return [];
      const seconds = typeof image.seconds === 'number' && image.seconds >= 1 ? image.seconds : DEFAULT_SECONDS;
      return [{ id: image.id, url: image.url, seconds }];
    }),
  };
}

export function readScreen(value: unknown): PublicScreen {
  const record = isRecord(value) ? value : {};
  return {
    name: typeof record.name === 'string' ? record.name : '',
    slideshow: readSlideshow(record.slideshow),
  };
}

export const screenPath = (hashId: string) => `/api/screens/public/${encodeURIComponent(hashId)}`;
export const screenSlideshowPath = (hashId: string, slideshowId: number) =>
  `${screenPath(hashId)}/slideshows/${slideshowId}`;

/** The public calls, through the BFF like every other call (no login needed). */
export const screenApi = {
  screen: async (hashId: string) => readScreen(await apiFetch<unknown>(screenPath(hashId))),
  slideshow: async (hashId: string, slideshowId: number) =>
    readSlideshow(await apiFetch<unknown>(screenSlideshowPath(hashId, slideshowId))),
};
