// What a alarm-counters widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { COUNTER_KINDS } from './counterCells';

export const alarmCountersOptionsSchema = z.object({
  /** Which counters, in this order. */
  kinds: z
    .array(z.enum(COUNTER_KINDS))
    .min(1, 'Choose at least one counter')
    .max(COUNTER_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Each counter may appear once')
    .default([...COUNTER_KINDS]),
});
export type AlarmCountersOptions = z.output<typeof alarmCountersOptionsSchema>;
