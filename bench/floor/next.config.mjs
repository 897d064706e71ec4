/**
 * The floor: an empty Next.js app on the repo's own `next`, `react` and `react-dom`, built and served
 * by `npm run bench` (bench/floor.ts) and loaded interleaved with our pages. It sets what our
 * next.config.mjs sets that reaches the browser, so only our own code differs between the two.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  distDir: '.next-floor',
  // The packages live in the repo's node_modules: Turbopack's root must contain them, and naming it
  // keeps Next from guessing a workspace root from lockfiles.
  turbopack: { root: repo },
  // As ours: fewer, bigger chunks (the empty page's own chunks are the same either way).
  experimental: { turbopackChunking: { minChunkSize: 150_000 } },
  outputFileTracingRoot: repo,
};
export default nextConfig;
