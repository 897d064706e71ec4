import { StackClient } from './stack-client';

// The floor plus the libraries CONVENTIONS.md names for every logged-in page (SWR, jotai, next/link,
// laravel-echo + pusher-js): what a page costs before any code of ours. Not a budget: a reference
// row in `npm run bench`, so a page's own share reads off as its JS minus this.
export const dynamic = 'force-dynamic';

export default function StackPage() {
  return (
    <main>
      <h1>Padló + könyvtárak</h1>
      <StackClient />
    </main>
  );
}
