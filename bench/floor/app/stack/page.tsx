import { StackClient } from './stack-client';

// "floor + stack": the floor plus every package the design names that a logged-in page uses (SWR,
// jotai, next/link, laravel-echo + pusher-js, Radix Tabs, embla with its autoplay plugin eagerly;
// Radix Dialog and DropdownMenu on first use): what a page costs before any code of ours. Every page
// budget of `npm run bench` is relative to this row (own JS, 10-s TBT, FCP).
export const dynamic = 'force-dynamic';

export default function StackPage() {
  return (
    <main>
      <h1>Padló + könyvtárak</h1>
      <StackClient />
    </main>
  );
}
