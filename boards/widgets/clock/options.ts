// What a clock widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { isTimeZone } from './clockFormat';

export const TIME_ZONE_MESSAGE = 'Unknown time zone: use an IANA name like Europe/Madrid';

export const clockOptionsSchema = z.object({
  /** IANA time zone; empty: the wall's own. */
  timeZone: z
    .string()
    .trim()
    .max(64, 'At most 64 characters')
    .refine((zone) => zone === '' || isTimeZone(zone), TIME_ZONE_MESSAGE)
    .default(''),
  hourCycle: z.enum(['24h', '12h']).default('24h'),
  showSeconds: z.boolean().default(true),
  showDate: z.boolean().default(true),
});
export type ClockOptions = z.output<typeof clockOptionsSchema>;
