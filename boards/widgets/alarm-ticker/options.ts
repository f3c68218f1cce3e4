// What a alarm-ticker widget is configured with: a leaf, so the descriptor and the renderer both import it.
import { z } from 'zod';
import { ALARM_KINDS, ALARM_SEVERITIES } from '@shared/schemas/alarms';

export const alarmTickerOptionsSchema = z.object({
  maxRows: z.number().int().min(1, 'At least 1 row').max(50, 'At most 50 rows').default(8),
  kinds: z
    .array(z.enum(ALARM_KINDS))
    .min(1, 'Choose at least one kind of alarm')
    .max(ALARM_KINDS.length)
    .default([...ALARM_KINDS]),
  minSeverity: z.enum(ALARM_SEVERITIES).default('low'),
  /** Sound the annunciator tone for new unacknowledged alarms (the browser's mute choice still applies). */
  sound: z.boolean().default(true),
});
export type AlarmTickerOptions = z.output<typeof alarmTickerOptionsSchema>;
