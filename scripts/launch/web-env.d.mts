/** Types of scripts/launch/web-env.mjs. */

export function webRealtimeEnv<T extends Record<string, string | undefined>>(env: T, apiPort: number | string): T;
