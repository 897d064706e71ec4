/**
 * The time rules, in one place (docs/decisions.md): the shop's wall clock and its zone
 * (wall-clock.ts, zones.ts), rules on the wall clock and the opening hours (wall-rules.ts,
 * hours.ts), and when a scheduled item fires (fires.ts). Shared by the tenant API and the browser;
 * zod-free.
 */
export * from './wall-clock';
export * from './zones';
export * from './wall-rules';
export * from './hours';
export * from './fires';
