'use client';

import Link from 'next/link';
import * as Tabs from '@radix-ui/react-tabs';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { atom, useAtom } from 'jotai';
import { useEffect, useState, type ComponentType } from 'react';
import useSWR from 'swr';

const countAtom = atom(0);

/** The two packages a page loads on first use: fetched by the first click, never before `load`. */
type OnDemand = ComponentType<{ onClose(): void }>;

async function loadDialog(): Promise<OnDemand> {
  const Dialog = await import('@radix-ui/react-dialog');
  return function FloorDialog({ onClose }) {
    return (
      <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
        <Dialog.Portal>
          <Dialog.Overlay />
          <Dialog.Content>
            <Dialog.Title>Ablak</Dialog.Title>
            <Dialog.Description>Egy párbeszédablak.</Dialog.Description>
            <Dialog.Close>Bezárás</Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  };
}

async function loadMenu(): Promise<OnDemand> {
  const DropdownMenu = await import('@radix-ui/react-dropdown-menu');
  return function FloorMenu({ onClose }) {
    return (
      <DropdownMenu.Root open onOpenChange={(open) => !open && onClose()}>
        <DropdownMenu.Trigger>Menü</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={onClose}>Egy</DropdownMenu.Item>
            <DropdownMenu.Item onSelect={onClose}>Kettő</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    );
  };
}

function OnFirstUse({ label, load }: { label: string; load: () => Promise<OnDemand> }) {
  const [Shown, setShown] = useState<OnDemand | null>(null);
  return (
    <>
      <button type="button" onClick={() => void load().then((c) => setShown(() => c))}>
        {label}
      </button>
      {Shown ? <Shown onClose={() => setShown(null)} /> : null}
    </>
  );
}

/** A turning carousel of three slides, as the channels' featured row turns. */
function Carousel() {
  const [ref] = useEmblaCarousel({ loop: true }, [Autoplay({ delay: 4000 })]);
  return (
    <div ref={ref} style={{ overflow: 'hidden' }} aria-label="Körhinta">
      <div style={{ display: 'flex' }}>
        {[1, 2, 3].map((n) => (
          <div key={n} style={{ flex: '0 0 100%' }}>
            Dia {n}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The packages the design names for a logged-in page, each loaded as a page should load it and used
 * once, and nothing of ours. Eagerly: SWR, jotai, next/link, Radix Tabs, embla with its autoplay
 * plugin; Echo with the app's pusher-js build loaded and connected when idle as
 * lib/realtime/keep-connected.ts does (to a port where nothing listens: only the scripts matter here).
 * On first use (a click imports them): Radix Dialog and Radix DropdownMenu. @hello-pangea/dnd is
 * loaded on demand by the one page that drags, so it is not here.
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
    <>
      <p>
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {count}
        </button>{' '}
        {data ?? '…'} <Link href="/">vissza</Link>
      </p>
      <Tabs.Root defaultValue="a">
        <Tabs.List aria-label="Fülek">
          <Tabs.Trigger value="a">Első</Tabs.Trigger>
          <Tabs.Trigger value="b">Második</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Első lap</Tabs.Content>
        <Tabs.Content value="b">Második lap</Tabs.Content>
      </Tabs.Root>
      <Carousel />
      <p>
        <OnFirstUse label="Ablak" load={loadDialog} /> <OnFirstUse label="Menü" load={loadMenu} />
      </p>
    </>
  );
}
