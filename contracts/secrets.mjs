/**
 * DATA_DIR/secrets.json: the secrets the web app, the tenant API and the launcher share when the
 * environment does not give them. The one module that generates, writes and reads that file.
 *
 * Plain JavaScript on purpose: the launcher runs under plain Node (no transpiler), the API under tsx
 * and the web app in Next's bundle, and all three import this same file. Unlike the rest of
 * contracts/ it uses Node's file system, so it is server-side only and not exported from index.ts.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Each secret's key in the file and the environment variable that gives it instead. */
export const SECRET_NAMES = [
  ['appKey', 'APP_KEY'],
  ['bffSecret', 'BFF_SECRET'],
  ['sessionSecret', 'SESSION_SECRET'],
  ['pusherAppId', 'PUSHER_APP_ID'],
  ['pusherKey', 'PUSHER_KEY'],
  ['pusherSecret', 'PUSHER_SECRET'],
];

export const secretsFileSchema = z.object({
  appKey: z.string().min(1),
  bffSecret: z.string().min(1),
  sessionSecret: z.string().min(32, 'must be at least 32 characters (iron-session needs that)'),
  pusherAppId: z.string().min(1),
  pusherKey: z.string().min(1),
  pusherSecret: z.string().min(1),
});

export function secretsFilePath(dataDir) {
  return path.join(dataDir, 'secrets.json');
}

export function randomSecret() {
  return randomBytes(32).toString('base64url');
}

export function randomSecrets() {
  return {
    appKey: randomSecret(),
    bffSecret: randomSecret(),
    sessionSecret: randomSecret(),
    // Pusher ids look like Pusher's own: a numeric app id and a hex key.
    pusherAppId: String(100000 + (randomBytes(4).readUInt32BE() % 900000)),
    pusherKey: randomBytes(10).toString('hex'),
    pusherSecret: randomSecret(),
  };
}

/** Writes `secrets` as the file, replacing one that exists (test stacks hand the same ones to both sides). */
export function writeSecretsFile(dataDir, secrets) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(secretsFilePath(dataDir), JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
}

/**
 * Creates the file with fresh secrets unless it exists; true when this call created it. The file is
 * published with link(2), which fails when it exists: of two racing starters (the launcher, the API,
 * the web) one file wins, and nobody reads a half-written file.
 */
export function createSecretsFileIfMissing(dataDir) {
  const file = secretsFilePath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(randomSecrets(), null, 2) + '\n', { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    return false;
  } finally {
    unlinkSync(tmp);
  }
}

/** The file's JSON as it is, unvalidated; throws naming the file when it is not JSON. */
export function readSecretsFileRaw(dataDir) {
  const file = secretsFilePath(dataDir);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') throw err;
    throw new Error(`${file} is not valid JSON: ${err.message}`);
  }
}

/** Reads and validates the file, creating it when missing. */
export function readOrCreateSecrets(dataDir) {
  createSecretsFileIfMissing(dataDir);
  const file = secretsFilePath(dataDir);
  const parsed = secretsFileSchema.safeParse(readSecretsFileRaw(dataDir));
  if (!parsed.success) {
    throw new Error(
      `${file} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/**
 * The launcher's start: creates the file when missing and fills in any secret that is missing or too
 * short (appKey, bffSecret and sessionSecret need 32 characters), so that the API and the web it starts
 * both find a valid file. `log` hears what changed.
 */
export function ensureSecrets(dataDir, log) {
  const file = secretsFilePath(dataDir);
  if (createSecretsFileIfMissing(dataDir)) log(`created ${file} with new random secrets`);
  const stored = readSecretsFileRaw(dataDir);
  const minLength = (key) => (key.startsWith('pusher') ? 1 : 32);
  const missing = SECRET_NAMES.filter(
    ([key]) => typeof stored[key] !== 'string' || stored[key].length < minLength(key),
  );
  if (missing.length > 0) {
    for (const [key] of missing) stored[key] = randomSecret();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
    renameSync(tmp, file);
    log(`added missing secrets to ${file}: ${missing.map(([key]) => key).join(', ')}`);
  }
  return stored;
}

/** The secrets as environment variables; a variable set (non-empty) in `preferred` wins over `secrets`. */
export function secretsEnv(secrets, preferred = {}) {
  return Object.fromEntries(
    SECRET_NAMES.map(([key, name]) => [name, preferred[name] ? preferred[name] : secrets[key]]),
  );
}
