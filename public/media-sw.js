/*
 * The audio device's media cache, and the shop's push notifications (a service worker). It keeps exactly the files the page names (the
 * current track, the next ones in the player's order and the spots it has been sent), so the music
 * goes on from here when the network or the API is away. It never keeps a page or an API answer: its
 * fetch handler answers only requests for a file it holds and lets everything else go to the network
 * untouched. The scope is the site's root only because that is where the player's pages live.
 *
 * Files are kept whole, keyed by their URL without the signature (`expires`, `signature`), so a fresh
 * signed URL of the same file finds it. The audio element asks with Range headers; those are answered
 * from the whole file with 206.
 *
 * A device that asked for push notifications ('Értesítések erre az eszközre') registers this same
 * worker: it shows a push message (`{title, body, url}`, contracts/alerts.ts pushPayloadSchema) and a
 * tap opens the shop's page. Only a page of this origin is opened, whatever the message names.
 *
 * Plain script (no build step): the pure helpers at the top are exported for the unit tests when
 * loaded as a module, and the worker's listeners are installed only inside a service worker.
 */

const CACHE_NAME = 'pulzus-media-v1';
const SIGNATURE_PARAMS = ['expires', 'signature'];

/** The cache key of a media URL: the URL without its signature, so every fresh signature finds the file. */
function mediaCacheKey(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  for (const name of SIGNATURE_PARAMS) parsed.searchParams.delete(name);
  parsed.hash = '';
  return parsed.toString();
}

/**
 * A single byte range from a Range header against a file of `size` bytes: `{ start, end }` (end
 * inclusive), null for no header or one this does not serve (several ranges, other units: the whole
 * file is answered then), or 'unsatisfiable' (416).
 */
function parseRange(header, size) {
  if (typeof header !== 'string' || header.trim() === '') return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // A suffix: the last N bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    if (size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Status, headers and the byte span of the answer to a request with `rangeHeader` for a whole file
 * of `size` bytes and `type`: 200 with everything, 206 with the range, or 416.
 */
function planRangeAnswer(rangeHeader, size, type) {
  const range = parseRange(rangeHeader, size);
  const base = { 'Accept-Ranges': 'bytes' };
  if (type) base['Content-Type'] = type;
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` }, start: 0, end: -1 };
  }
  if (range === null) {
    return { status: 200, headers: { ...base, 'Content-Length': String(size) }, start: 0, end: size - 1 };
  }
  return {
    status: 206,
    headers: {
      ...base,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    },
    start: range.start,
    end: range.end,
  };
}

/** The notification of a push message's text (JSON `{title, body, url}`), or null when it is not one. */
function readPushPayload(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  if (typeof data.title !== 'string' || typeof data.body !== 'string' || typeof data.url !== 'string') return null;
  return { title: data.title, body: data.body, url: data.url };
}

/** The page a tap opens: the message's URL when it is of this worker's origin, else the origin's root. */
function notificationTarget(url, origin) {
  try {
    const target = new URL(url, origin);
    if (target.origin === origin && (target.protocol === 'https:' || target.protocol === 'http:')) return target.href;
  } catch {
    /* not a URL */
  }
  return new URL('/', origin).href;
}

const helpers = { CACHE_NAME, mediaCacheKey, parseRange, planRangeAnswer, readPushPayload, notificationTarget };

if (typeof module === 'object' && module && module.exports) {
  module.exports = helpers;
} else if (typeof ServiceWorkerGlobalScope !== 'undefined' && self instanceof ServiceWorkerGlobalScope) {
  installWorker(self);
}

function installWorker(sw) {
  /** Keys the page wants kept, and the last signed URL of each (to fetch it with). */
  let wanted = new Map();
  /** Downloads under way, by key, so a file is fetched once however often it is named. */
  const loading = new Map();

  sw.addEventListener('install', () => {
    sw.skipWaiting();
  });

  sw.addEventListener('activate', (event) => {
    // The page that registered the worker is its client at once: the current track is cached now.
    event.waitUntil(sw.clients.claim());
  });

  sw.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
    const next = new Map();
    for (const url of data.urls) {
      const key = typeof url === 'string' ? mediaCacheKey(url) : null;
      if (key) next.set(key, url);
    }
    wanted = next;
    event.waitUntil(syncCache(next));
  });

  sw.addEventListener('push', (event) => {
    const payload = event.data ? readPushPayload(event.data.text()) : null;
    if (!payload) return;
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/img/pulse_2.svg',
        data: { url: notificationTarget(payload.url, sw.location.origin) },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data;
    const url = notificationTarget(data && typeof data.url === 'string' ? data.url : '/', sw.location.origin);
    event.waitUntil(openPage(url));
  });

  /** A tab of the app already open is brought forward on the page; otherwise a new one opens. */
  async function openPage(url) {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const same = windows.find((client) => client.url === url) || windows[0];
    if (same) {
      const focused = await same.focus().catch(() => same);
      if (focused.url !== url && 'navigate' in focused) await focused.navigate(url).catch(() => null);
      return;
    }
    await sw.clients.openWindow(url);
  }

  sw.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.method !== 'GET' || request.mode === 'navigate') return;
    const key = mediaCacheKey(request.url);
    // A worker woken from idle has forgotten the list, but its cache holds only wanted files: an audio
    // element's request is looked up there too.
    if (!key || (!wanted.has(key) && request.destination !== 'audio')) return;
    event.respondWith(answerFromCache(request, key));
  });

  async function syncCache(keep) {
    const cache = await caches.open(CACHE_NAME);
    const stored = await cache.keys();
    await Promise.all(stored.filter((req) => !keep.has(req.url)).map((req) => cache.delete(req)));
    const have = new Set(stored.map((req) => req.url));
    await Promise.all(
      [...keep].filter(([key]) => !have.has(key)).map(([key, url]) => download(key, url).catch(() => null)),
    );
  }

  /** The whole file, fetched once without Range and stored under its key (only a complete 200). */
  function download(key, url) {
    const under = loading.get(key);
    if (under) return under;
    const job = (async () => {
      const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store' });
      if (response.status !== 200) throw new Error(`media ${response.status}`);
      const body = await response.blob();
      // Evicted while it downloaded: not kept.
      if (!wanted.has(key)) return null;
      const cache = await caches.open(CACHE_NAME);
      const stored = new Response(body, {
        status: 200,
        headers: {
          'Content-Type': response.headers.get('Content-Type') || body.type || 'application/octet-stream',
          'Content-Length': String(body.size),
        },
      });
      await cache.put(key, stored.clone());
      return stored;
    })().finally(() => loading.delete(key));
    loading.set(key, job);
    return job;
  }

  async function answerFromCache(request, key) {
    const cache = await caches.open(CACHE_NAME);
    const whole = await cache.match(key);
    if (!whole) {
      // Not kept yet: the network answers as it would have (no wait for the whole file); the download goes on beside it.
      if (wanted.has(key)) download(key, wanted.get(key)).catch(() => null);
      return fetch(request);
    }
    const body = await whole.blob();
    const plan = planRangeAnswer(request.headers.get('Range'), body.size, whole.headers.get('Content-Type'));
    const part = plan.status === 416 ? new Blob([]) : body.slice(plan.start, plan.end + 1);
    return new Response(part, { status: plan.status, headers: plan.headers });
  }
}
