import { z } from 'zod';
import { ALARM_COUNTS_CHANNEL } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
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

/** Open alarm counts by kind (alarms:counts) as large numbers, coloured while above zero. */
export const alarmCountersWidget = defineWidget<AlarmCountersOptions>({
  id: 'alarm-counters',
  nameKey: 'liveWidgets.names.alarm-counters',
  category: 'alarms',
  version: 1,
  options: alarmCountersOptionsSchema,
  defaultSize: { w: 12, h: 3 },
  bindingFields: [],
  channels: () => [ALARM_COUNTS_CHANNEL],
  // Counts are sent when they change, not on a clock: an unchanged count is not stale data.
  staleAfterMs: 24 * 60 * 60_000,
  load: () => import('./AlarmCountersWidget'),
});
