import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

const records = () => import('./records/AlarmRecordsPage');
const rules = () => import('./rules/ThresholdRulesPage');

/** The alarms screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const ALARMS_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/alerts/devices': { component: lazy(() => records().then((m) => ({ default: m.DeviceAlarmsPage }))) },
  '/alerts/error': { component: lazy(() => records().then((m) => ({ default: m.ErrorAlarmsPage }))) },
  '/alerts/trouble': { component: lazy(() => records().then((m) => ({ default: m.TroubleAlarmsPage }))) },
  '/alerts/offline': { component: lazy(() => records().then((m) => ({ default: m.OfflineAlarmsPage }))) },
  '/alerts/batch': { component: lazy(() => import('./records/AlarmBatchPage').then((m) => ({ default: m.AlarmBatchPage }))) },
  '/alarm-management/threshold': { component: lazy(() => rules().then((m) => ({ default: m.AlarmThresholdPage }))) },
  '/devices/power-thresholds': { component: lazy(() => rules().then((m) => ({ default: m.PowerThresholdPage }))) },
  '/alarm-management/message': { component: lazy(() => import('./logbook/AlarmLogPage').then((m) => ({ default: m.AlarmLogPage }))) },
  '/others/alarm': { component: lazy(() => import('./stats/AlarmStatsPage').then((m) => ({ default: m.AlarmStatsPage }))) },
};
