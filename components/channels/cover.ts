/**
 * The product's covers for a channel without its own (SPEC.md §3): odd ids get the first, even ids
 * the second, so neighbouring tiles differ. The same cover is used when a channel's image fails.
 */
export function defaultChannelCover(id: number): string {
  return Math.abs(id) % 2 === 1 ? '/img/base-cover-1.png' : '/img/base-cover-2.png';
}

export const DEFAULT_LANDSCAPE = '/img/default-landscape.jpeg';
