import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { alarmCountersWidget } from './alarm-counters/descriptor';
import { alarmTickerWidget } from './alarm-ticker/descriptor';
import { announcementsWidget } from './announcements/descriptor';
import { bar3dWidget } from './bar-3d/descriptor';
import { clockWidget } from './clock/descriptor';
import { imageWidget } from './image/descriptor';
import { mimicWidget } from './mimic/descriptor';
import { textWidget } from './text/descriptor';
import { topNWidget } from './top-n/descriptor';

/** Live figures, alarms, media and echarts-gl widgets: one line per widget. */
export const LIVE_WIDGETS: AnyWidgetDescriptor[] = [
  topNWidget,
  alarmCountersWidget,
  alarmTickerWidget,
  clockWidget,
  textWidget,
  imageWidget,
  announcementsWidget,
  mimicWidget,
  bar3dWidget,
];
