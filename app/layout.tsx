import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import '@/styles/globals.scss';

export const metadata: Metadata = {
  title: { default: 'Pulzus', template: '%s · Pulzus' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#16181d',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page carries a fresh script nonce (proxy.ts); a page rendered once at build time would
  // carry none, and the policy would block its scripts. So none is prerendered.
  await connection();
  return (
    <html lang="hu">
      <body>{children}</body>
    </html>
  );
}
