import { OPEN_ALARMS_CHANNEL } from '@shared/board/channels';
import { ALARM_COUNTS_CHANNEL } from '@shared/schemas/alarms';
import { defineWidget } from '../../widgetDescriptor';
import { alarmTickerOptionsSchema, type AlarmTickerOptions } from './options';

/** The newest open alarms, severity-coloured, with the annunciator tone. Read-only: walls do not acknowledge. */
export const alarmTickerWidget = defineWidget<AlarmTickerOptions>({
  id: 'alarm-ticker',
  nameKey: 'liveWidgets.names.alarm-ticker',
  category: 'alarms',
  version: 1,
  options: alarmTickerOptionsSchema,
  defaultSize: { w: 8, h: 8 },
  bindingFields: [],
  // The wall's open list and counts (the app's AlarmStore: the same as the counters and the console badge).
  // The counts say how many open alarms a capped list leaves out ("+N more").
  channels: () => [OPEN_ALARMS_CHANNEL, ALARM_COUNTS_CHANNEL],
  // Alarms arrive when raised, not on a clock: a quiet ticker is not stale data.
  staleAfterMs: 24 * 60 * 60_000,
  load: () => import('./AlarmTickerWidget'),
});
