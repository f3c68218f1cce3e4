import type { AnyWidgetDescriptor } from '../widgetDescriptor';

/** Live figures, alarms, media and echarts-gl widgets: one line per widget. */
export const LIVE_WIDGETS: AnyWidgetDescriptor[] = [];
