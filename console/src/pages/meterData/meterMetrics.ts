import type { TFunction } from 'i18next';
import { metricDef } from '@shared/metering/metrics';
import { INTERVAL_ENERGY_METRIC } from '@shared/schemas/energy';

/**
 * Which metrics the picker offers for a meter. An electricity meter never reports m³ and a water or gas
 * meter never reports kW, so each energy type gets its own slice of the catalogue; the derived 15-minute
 * energy comes first because it is what billing and the rollups are made of.
 */
const METRICS_BY_ENERGY_TYPE: Record<string, readonly string[]> = {
  electricity: [INTERVAL_ENERGY_METRIC, 'kwh', 'kwh_export', 'kvarh', 'kw', 'kvar', 'pf', 'v', 'a', 'hz'],
  water: [INTERVAL_ENERGY_METRIC, 'm3', 'flow'],
  gas: [INTERVAL_ENERGY_METRIC, 'm3', 'flow'],
};

/**
 * The default is the register (kWh, m³), not the derived energy: it is the raw figure the meter shows on
 * its own display, which is what an operator checks against when a reading looks wrong.
 */
const DEFAULT_METRIC: Record<string, string> = { electricity: 'kwh', water: 'm3', gas: 'm3' };

/** The metrics for this energy type, plus any other code the meter actually reported (so nothing it sends is unreachable). */
export function metricsFor(energyType: string | undefined, reported: readonly string[] = []): string[] {
  const base = METRICS_BY_ENERGY_TYPE[energyType ?? 'electricity'] ?? METRICS_BY_ENERGY_TYPE.electricity ?? [];
  return [...base, ...reported.filter((code) => !base.includes(code))];
}

export const defaultMetric = (energyType: string | undefined): string => DEFAULT_METRIC[energyType ?? 'electricity'] ?? 'kwh';

/** Keeps the operator's metric when the new meter offers it too, else the new meter's default. */
export const metricForMeter = (current: string, energyType: string | undefined, reported: readonly string[] = []): string =>
  metricsFor(energyType, reported).includes(current) ? current : defaultMetric(energyType);

/** Catalogue unit of a metric; the derived energy is in the meter's own unit. */
export const metricUnit = (code: string, meterUnit: string): string => (code === INTERVAL_ENERGY_METRIC ? meterUnit : (metricDef(code)?.unit ?? ''));

/** A metric's translated name; a code the catalogue does not know shows as itself. */
export const metricLabel = (t: TFunction, code: string): string => t(`meterData.metrics.${code}`, { defaultValue: code });
