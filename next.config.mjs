/** @type {import('next').NextConfig} */
const nextConfig = {
  // SPEC has POST /api/playlists/all-tracks/ with a trailing slash: both spellings must reach the BFF.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
