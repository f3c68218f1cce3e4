import type { AnyWidgetDescriptor } from '../widgetDescriptor';

/** Chart widgets (echarts): one line per widget. */
export const CHART_WIDGETS: AnyWidgetDescriptor[] = [];
