import { MEDIA_URL_FIELDS } from '@/contracts/names';

/** An absolute URL (any scheme: https:, data:, blob:) or protocol-relative one stays as it is. */
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A media URL the API sent relative to itself, made absolute against the API's base. */
export function resolveMediaUrl(url: string, apiBase: string): string {
  if (url === '' || ABSOLUTE.test(url)) return url;
  try {
    return new URL(url, `${apiBase.replace(/\/+$/, '')}/`).toString();
  } catch {
    return url;
  }
}

/**
 * A copy of an API answer with every media URL field (contracts/names.ts MEDIA_URL_FIELDS), at any
 * depth, resolved against `apiBase`. Zod-free: the browser's fetch wrapper uses it too.
 */
export function resolveMediaUrls<T>(value: T, apiBase: string | null | undefined): T {
  if (!apiBase) return value;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(v)) {
      out[key] =
        typeof field === 'string' && MEDIA_URL_FIELDS.includes(key) ? resolveMediaUrl(field, apiBase) : walk(field);
    }
    return out;
  };
  return walk(value) as T;
}
