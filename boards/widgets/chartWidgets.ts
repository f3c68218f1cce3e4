import type { AnyWidgetDescriptor } from '../widgetDescriptor';
import { kpiWidget } from './kpi/descriptor';
import { gaugeWidget } from './gauge/descriptor';
import { liveTrendWidget } from './live-trend/descriptor';
import { energyBarWidget } from './energy-bar/descriptor';
import { sharePieWidget } from './share-pie/descriptor';
import { energySankeyWidget } from './energy-sankey/descriptor';
import { energyCalendarWidget } from './energy-calendar/descriptor';
import { energyPeriodsWidget } from './energy-periods/descriptor';

/** Chart widgets (echarts): one line per widget. */
export const CHART_WIDGETS: AnyWidgetDescriptor[] = [
  kpiWidget,
  gaugeWidget,
  liveTrendWidget,
  energyBarWidget,
  sharePieWidget,
  energySankeyWidget,
  energyCalendarWidget,
  energyPeriodsWidget,
];
