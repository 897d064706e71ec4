import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import { writePusherClient } from './scripts/build-pusher-client.mjs';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // SPEC has POST /api/playlists/all-tracks/ with a trailing slash: both spellings must reach the BFF.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder lets a test run or a benchmark build beside a running app.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  experimental: {
    turbopackChunking: {
      // Fewer, bigger chunks in a page's first load: by default every logged-in page came in ~11 chunks
      // of our own besides Next's, each paying its own request and headers and compressed on its own
      // (about 4-5 kB gzip more per cold page load, measured by `npm run bench`, step pages). The cost:
      // a lazy import's modules go into one chunk, so the dialogs share theirs through the parent
      // chunk of components/dialogs.ts rather than each carrying a copy.
      minChunkSize: 150_000,
    },
  },
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === '1',
};
/**
 * The browser's pusher-js is built from its sources (lib/realtime/pusher-ws): `npm install` builds it,
 * and a web build or the dev server builds it again when its runtime file changed since. A server
 * serving a finished build has nothing to do with it.
 */
export default async function config(phase) {
  if (phase !== PHASE_PRODUCTION_SERVER) await writePusherClient();
  return nextConfig;
}
