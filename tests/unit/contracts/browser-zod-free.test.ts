import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BROWSER_FOLDERS } from '@/lib/browser-folders.mjs';

/**
 * Zod stays on the servers: the browser's code reads the contracts' types and their zod-free modules
 * (names.ts, sound-settings.ts, …) only. A value imported from a module with schemas would put zod
 * (about 33 kB gzip) into the pages' first load, and its first parse would probe `new Function`,
 * which the pages' Content-Security-Policy refuses.
 */
const root = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const file = path.join(full, name);
    if (statSync(file).isDirectory()) return sources(path.relative(root, file));
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

/** The modules a file imports for values (an `import type`, or names all marked `type`, bring no code). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
    if (m[4]) {
      out.push(m[4]);
      continue;
    }
    if (m[1]) continue;
    // `{ type A, type B }` alone brings no code; a default import, `* as`, or any name without `type` does.
    const clause = (m[2] ?? '').trim();
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces && braces[1]!.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    out.push(m[3]!);
  }
  return out;
}

/** The project's file an import names (`@/…` or relative), or null for a package. */
function resolve(spec: string, from: string): string | null {
  let target: string;
  if (spec.startsWith('@/')) target = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) target = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The chain from a module to zod, if its value imports reach it. */
function zodChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const spec of valueImports(file)) {
    if (spec === 'zod' || spec.startsWith('zod/')) return [path.relative(root, file)];
    const next = resolve(spec, file);
    const chain = next ? zodChain(next, seen) : null;
    if (chain) return [path.relative(root, file), ...chain];
  }
  return null;
}

test('no browser code reaches zod through the modules it imports for values', () => {
  const found: string[] = [];
  for (const file of BROWSER_FOLDERS.flatMap(sources)) {
    const chain = zodChain(file);
    if (chain) found.push(`${chain.join(' → ')} → zod`);
  }
  expect(found).toEqual([]);
});

test('every folder of the browser list exists (a renamed folder would leave the checks looking at nothing)', () => {
  expect(BROWSER_FOLDERS.filter((dir) => !existsSync(path.join(root, dir)))).toEqual([]);
});
