/** @type {import('next').NextConfig} */
const nextConfig = {
  // SPEC has POST /api/playlists/all-tracks/ with a trailing slash: both spellings must reach the BFF.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder lets a test run or a benchmark build beside a running app.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === '1',
};
export default nextConfig;
