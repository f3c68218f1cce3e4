import { z } from 'zod';
import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { ALARM_KINDS, ALARM_SEVERITIES } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';

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

/** The newest open alarms, severity-coloured, with the annunciator tone. Read-only: walls do not acknowledge. */
export const alarmTickerWidget = defineWidget<AlarmTickerOptions>({
  id: 'alarm-ticker',
  nameKey: 'liveWidgets.names.alarm-ticker',
  category: 'alarms',
  version: 1,
  options: alarmTickerOptionsSchema,
  defaultSize: { w: 8, h: 8 },
  bindingFields: [],
  // The wall's open list (derived in the telemetry store, bounded there), not the raw alarms:new events.
  channels: () => [OPEN_ALARMS_CHANNEL],
  // Alarms arrive when raised, not on a clock: a quiet ticker is not stale data.
  staleAfterMs: 24 * 60 * 60_000,
  load: () => import('./AlarmTickerWidget'),
});
