import { defineWidget } from '../../widgetDescriptor';
import { clockOptionsSchema, type ClockOptions } from './options';

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
