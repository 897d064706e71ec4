#!/usr/bin/env node
// Adds lock entries for platform-specific optional packages that the lock file names as optional
// dependencies but does not list (a registry that serves only this platform's binaries leaves
// them out). Without them `npm ci` refuses the lock file as out of sync. The entries carry the
// os/cpu/libc of their package name, so npm skips them on other platforms without fetching.
// Run after changing dependencies: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') {
    if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
    else if (parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  }
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue; // not a platform binary: leave it for npm to report
    const version = String(range).replace(/^[\^~=]/, '');
    packages[`node_modules/${dep}`] = { version, ...platform, optional: true };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: ${added} platform entries added`);
