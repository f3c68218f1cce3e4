/**
 * The metric catalogue for uplink payloads (`values` keys). A register is cumulative (energy is its
 * difference); an instantaneous metric is a sample (power, voltage…).
 */
export type MetricKind = 'register' | 'instantaneous';

export interface MetricDef {
  code: string;
  unit: string;
  kind: MetricKind;
  /** What it measures, for the integrators' table. */
  label: string;
}

export const METRICS = [
  { code: 'kwh', unit: 'kWh', kind: 'register', label: 'Active energy, import' },
  { code: 'kwh_export', unit: 'kWh', kind: 'register', label: 'Active energy, export' },
  { code: 'kvarh', unit: 'kvarh', kind: 'register', label: 'Reactive energy' },
  { code: 'm3', unit: 'm³', kind: 'register', label: 'Volume (water, gas)' },
  { code: 'kw', unit: 'kW', kind: 'instantaneous', label: 'Active power' },
  { code: 'kvar', unit: 'kvar', kind: 'instantaneous', label: 'Reactive power' },
  { code: 'pf', unit: '', kind: 'instantaneous', label: 'Power factor' },
  { code: 'v', unit: 'V', kind: 'instantaneous', label: 'Voltage (phase average)' },
  { code: 'a', unit: 'A', kind: 'instantaneous', label: 'Current (phase average)' },
  { code: 'hz', unit: 'Hz', kind: 'instantaneous', label: 'Frequency' },
  { code: 'flow', unit: 'm³/h', kind: 'instantaneous', label: 'Flow rate' },
] as const satisfies readonly MetricDef[];

export type MetricCode = (typeof METRICS)[number]['code'];

const byCode = new Map<string, MetricDef>(METRICS.map((metric) => [metric.code, metric]));

export function metricDef(code: string): MetricDef | undefined {
  return byCode.get(code);
}
