/** Types of contracts/secrets.mjs (plain JavaScript so that the launcher runs it without a transpiler). */
import type { z } from 'zod';

export type SecretKey = 'appKey' | 'bffSecret' | 'sessionSecret' | 'pusherAppId' | 'pusherKey' | 'pusherSecret';
export const SECRET_NAMES: ReadonlyArray<readonly [SecretKey, string]>;
export const secretsFileSchema: z.ZodObject<Record<SecretKey, z.ZodString>>;
export type Secrets = Record<SecretKey, string>;

export function secretsFilePath(dataDir: string): string;
export function randomSecret(): string;
export function randomSecrets(): Secrets;
export function writeSecretsFile(dataDir: string, secrets: Secrets): void;
export function createSecretsFileIfMissing(dataDir: string): boolean;
export function readSecretsFileRaw(dataDir: string): unknown;
export function readOrCreateSecrets(dataDir: string): Secrets;
export function ensureSecrets(dataDir: string, log: (line: string) => void): Secrets;
export function secretsEnv(secrets: Secrets, preferred?: Record<string, string | undefined>): Record<string, string>;
