import { ALARM_COUNTS_CHANNEL } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { alarmCountersOptionsSchema, type AlarmCountersOptions } from './options';

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
