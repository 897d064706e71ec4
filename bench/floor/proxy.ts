import { NextResponse } from 'next/server';

/**
 * Matches no request. Turbopack looks for a proxy file from the app's folder up to its root, the repo,
 * and would build the repo's own proxy.ts into the floor; this one ends that search where it starts.
 */
export function proxy() {
  return NextResponse.next();
}

export const config = { matcher: '/floor-has-no-proxy' };
