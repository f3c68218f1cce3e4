import { z } from 'zod';

/**
 * Imported first by both bundles' entry points. zod 4 probes for eval (`Function('')`) before its first
 * object parse to decide whether to compile fast parsers; under the pages' Content-Security-Policy (no
 * 'unsafe-eval') the probe is refused and reported as a violation. Jitless parsing gives the same results.
 */
z.config({ jitless: true });
