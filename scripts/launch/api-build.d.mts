/** Types of scripts/launch/api-build.mjs. */

/** Where the compiled tenant API goes. */
export const API_BUNDLE: string;
/** Compiles server/src/main.ts into API_BUNDLE; resolves with its path. */
export function buildApiBundle(): Promise<string>;
