import Link from 'next/link';
import { Counter } from '../../counter';

// The floor of a client navigation: two dynamic pages, rendered per request like ours, linked
// through next/link (the `clicks` bench step clicks from one to the other).
export const dynamic = 'force-dynamic';

export default async function NavPage({ params }: { params: Promise<{ n: string }> }) {
  const { n } = await params;
  const other = n === '1' ? 2 : 1;
  return (
    <main>
      <h1>Lap {n}</h1>
      <nav>
        <Link href={`/nav/${other}`}>Lap {other}</Link>
      </nav>
      <ul>
        {Array.from({ length: 20 }, (_, i) => (
          <li key={i}>
            Sor {i + 1} a(z) {n}. lapon
          </li>
        ))}
      </ul>
      <Counter />
    </main>
  );
}
