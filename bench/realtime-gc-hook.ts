/**
 * Preloaded into the API under test by bench/realtime.ts (with --expose-gc): SIGUSR2 runs a full
 * garbage collection, so RSS is read on live memory rather than on garbage from startup and seeding.
 */
const collect = (globalThis as { gc?: () => void }).gc;
process.on('SIGUSR2', () => {
  collect?.();
  collect?.();
});

export {};
