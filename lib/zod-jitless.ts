import { z } from 'zod';

/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and probes for it on the
 * first parse. Our pages forbid eval by their Content-Security-Policy, so the probe is refused and
 * reported as a violation; in the browser Zod parses without compiling (a few small answers a page).
 */
z.config({ jitless: true });
