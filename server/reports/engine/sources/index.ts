import type { ReportMetric, ReportObjectKind } from '@shared/reports/constants';
import type { MetricSource } from '../reportContext';
import { alarmSource } from './alarms';
import { bandSource } from './bands';
import { demandSource } from './demand';
import { energySource } from './energy';
import { registerSource } from './registers';
import { roomSource } from './rooms';

/** Every source of meters, departments and sub-items; rooms read everything from the rooms source. */
const OBJECT_SOURCES: readonly MetricSource[] = [energySource, bandSource, demandSource, registerSource, alarmSource];

/**
 * The source that reads `metric` for objects of `objectKind` (one registry, so a metric has one home): rooms'
 * energy, cost and prepaid figures come from the rooms source, every other kind's from the source listing the metric.
 */
export function sourceFor(metric: ReportMetric, objectKind: ReportObjectKind): MetricSource {
  if (objectKind === 'room') return roomSource;
  const source = OBJECT_SOURCES.find((candidate) => candidate.metrics.includes(metric));
  if (!source) throw new Error(`No report source reads ${metric} for ${objectKind}`);
  return source;
}
