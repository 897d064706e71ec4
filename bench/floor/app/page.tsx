import { Counter } from './counter';

// Rendered per request like our logged-in pages, so the floor pays for a dynamic server render too.
export const dynamic = 'force-dynamic';

export default async function FloorPage({ searchParams }: { searchParams: Promise<{ name?: string }> }) {
  const { name } = await searchParams;
  return (
    <main>
      <h1>Padló{name ? `: ${name}` : ''}</h1>
      <Counter />
    </main>
  );
}
