import type { TFunction } from 'i18next';
import { metricDef } from '@shared/metering/metrics';
import { INTERVAL_ENERGY_METRIC } from '@shared/schemas/energy';
import type { ThresholdScope } from '@shared/schemas/alarms';
import { metricLabel, metricsFor } from '../../meterData/meterMetrics';

/** Department and sub-item rules watch their meters summed: 15-minute energy or power. */
export const GROUP_METRICS: readonly string[] = ['kw', INTERVAL_ENERGY_METRIC];

/** Every metric any meter can report, for when the meter's own type cannot be read. */
export const ANY_METER_METRICS: readonly string[] = [...new Set([...metricsFor('electricity'), ...metricsFor('water')])];

/** The metrics a rule of this scope may watch; a meter's come from its energy type and what it reported. */
export function ruleMetrics(scope: ThresholdScope, meterMetrics: readonly string[] | undefined): readonly string[] {
  return scope === 'meter' ? (meterMetrics ?? ANY_METER_METRICS) : GROUP_METRICS;
}

/** The unit of a metric in rules (the 15-minute energy of groups is in kWh). */
export const ruleMetricUnit = (metric: string | undefined): string =>
  metric === undefined ? '' : metric === INTERVAL_ENERGY_METRIC ? 'kWh' : (metricDef(metric)?.unit ?? '');

/** "Power (kW)". */
export function metricOptionLabel(t: TFunction, metric: string): string {
  const unit = ruleMetricUnit(metric);
  return unit ? `${metricLabel(t, metric)} (${unit})` : metricLabel(t, metric);
}
