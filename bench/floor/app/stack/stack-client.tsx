'use client';

import Link from 'next/link';
import { atom, useAtom } from 'jotai';
import { useEffect } from 'react';
import useSWR from 'swr';

const countAtom = atom(0);

/**
 * The named libraries every logged-in page of ours starts with, and nothing of ours: SWR, jotai,
 * next/link, and Echo with the app's pusher-js build, loaded and connected when idle as
 * lib/realtime/keep-connected.ts does (to a port where nothing listens: only the scripts matter here).
 */
export function StackClient() {
  const [count, setCount] = useAtom(countAtom);
  const { data } = useSWR('/', (url: string) => fetch(url, { method: 'HEAD' }).then((res) => res.status));
  useEffect(() => {
    let echo: { disconnect(): void } | null = null;
    const id = requestIdleCallback(
      async () => {
        const [{ default: Echo }, { default: Pusher }] = await Promise.all([
          import('laravel-echo'),
          import('../../../../lib/realtime/pusher-ws/pusher'),
        ]);
        echo = new Echo({
          broadcaster: 'pusher',
          key: 'floor',
          cluster: 'mt1',
          wsHost: '127.0.0.1',
          wsPort: 9,
          forceTLS: false,
          enabledTransports: ['ws'],
          disableStats: true,
          Pusher,
        } as ConstructorParameters<typeof Echo>[0]);
      },
      { timeout: 1500 },
    );
    return () => {
      cancelIdleCallback(id);
      echo?.disconnect();
    };
  }, []);
  return (
    <p>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {count}
      </button>{' '}
      {data ?? '…'} <Link href="/">vissza</Link>
    </p>
  );
}
