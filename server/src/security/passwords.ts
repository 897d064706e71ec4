import { hash, verify, type Options } from '@node-rs/argon2';

// `Algorithm` is a const enum in the typings, which isolated modules cannot inline: 2 = Argon2id.
const ARGON2ID = 2 as Options['algorithm'];

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** A hash to verify against when the user does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('pulzus-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
