/**
 * The music plan's SWR key (the BFF URL itself), in a module of its own: the player bar reads the plan
 * (use-shop-day.ts) without loading music-plan.ts and what the mixer's plan needs with it (issue 42,
 * own JS).
 */
export const MUSIC_PLAN_KEY = '/api/music-plan';
