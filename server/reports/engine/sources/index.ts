import { LINE_ONLY_METRICS, SHIP_METRICS, type ReportMetric, type ReportObjectKind } from '@shared/reports/constants';
import type { MetricSource } from '../reportContext';
import { alarmSource } from './alarms';
import { bandSource } from './bands';
import { demandSource } from './demand';
import { energySource } from './energy';
import { lineSource } from './lines';
import { registerSource } from './registers';
import { roomSource } from './rooms';
import { shipSource } from './ships';

/** Every source of meters, departments and sub-items; rooms, production lines and ships read everything from their own source. */
const OBJECT_SOURCES: readonly MetricSource[] = [energySource, bandSource, demandSource, registerSource, alarmSource];

/**
 * The source that reads `metric` for objects of `objectKind` (one registry, so a metric has one home): rooms'
 * energy, cost and prepaid figures come from the rooms source, a line's from the lines source (output and SEC of any
 * other kind too: it has none for them, an empty column), a ship's from the ships source (likewise fuel, CO₂ and
 * distance of any other kind), every other kind's from the source listing the metric.
 */
export function sourceFor(metric: ReportMetric, objectKind: ReportObjectKind): MetricSource {
  if (objectKind === 'ship' || SHIP_METRICS.includes(metric)) return shipSource;
  if (objectKind === 'line' || LINE_ONLY_METRICS.includes(metric)) return lineSource;
  if (objectKind === 'room') return roomSource;
  const source = OBJECT_SOURCES.find((candidate) => candidate.metrics.includes(metric));
  if (!source) throw new Error(`No report source reads ${metric} for ${objectKind}`);
  return source;
}
