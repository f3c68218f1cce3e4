import { z } from 'zod';
import { defineWidget } from '../../widgetDescriptor';
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

/** The time (and date) in a chosen time zone, ticking on the second. */
export const clockWidget = defineWidget<ClockOptions>({
  id: 'clock',
  nameKey: 'liveWidgets.names.clock',
  category: 'figures',
  version: 1,
  options: clockOptionsSchema,
  defaultSize: { w: 6, h: 3 },
  bindingFields: [],
  channels: () => [],
  load: () => import('./ClockWidget'),
});
