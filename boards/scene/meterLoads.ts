import type { MeterDirectoryEntry } from '@shared/board/channels';
import { metricDef } from '@shared/metering/metrics';
import type { MeterLatestValues } from '@shared/realtime/protocol';

/**
 * A meter's live load for the scene. The load metric is the meter's instantaneous one: active power
 * (`kw`) for electricity, the flow rate (`flow`) for water and gas meters.
 *
 * The ratio is the value relative to the HIGHEST CURRENT VALUE OF THE SAME METRIC ACROSS THE METERS IN THE
 * SCENE (not to each meter's own session peak): the wall answers "where does the power go right now", a
 * wall that has just booted is not all red (the first value of a meter would be its own peak), and kW
 * are never compared with m³/h.
 */
export const LOAD_METRICS = ['kw', 'flow'] as const;

export interface MeterLoad {
  meterId: number;
  /** The metric the load is read from, null when the meter sent none of LOAD_METRICS. */
  metric: string | null;
  value: number | null;
  unit: string;
  /** 0…1 against the scene's highest value of that metric; null (grey) when offline or without data. */
  ratio: number | null;
  /** When the value was measured (ms), null without data. */
  ts: number | null;
}

function loadReading(latest: MeterLatestValues | undefined): { metric: string; value: number } | null {
  if (!latest) return null;
  for (const metric of LOAD_METRICS) {
    const value = latest.values[metric];
    if (typeof value === 'number' && Number.isFinite(value)) return { metric, value };
  }
  return null;
}

/** Loads of every meter of the directory, with ratios against the highest value per metric. */
export function computeMeterLoads(meters: readonly MeterDirectoryEntry[], latest: ReadonlyMap<number, MeterLatestValues | undefined>): Map<number, MeterLoad> {
  const readings = meters.map((meter) => ({ meter, reading: meter.online ? loadReading(latest.get(meter.id)) : null }));
  const highest = new Map<string, number>();
  for (const { reading } of readings) {
    if (reading) highest.set(reading.metric, Math.max(highest.get(reading.metric) ?? 0, reading.value));
  }
  const loads = new Map<number, MeterLoad>();
  for (const { meter, reading } of readings) {
    if (!reading) {
      loads.set(meter.id, { meterId: meter.id, metric: null, value: null, unit: '', ratio: null, ts: null });
      continue;
    }
    const top = highest.get(reading.metric) ?? 0;
    // Export (negative power) counts as no load; an all-zero site is all cold, never NaN.
    const ratio = top > 0 ? Math.min(1, Math.max(0, reading.value) / top) : 0;
    loads.set(meter.id, {
      meterId: meter.id,
      metric: reading.metric,
      value: reading.value,
      unit: metricDef(reading.metric)?.unit ?? '',
      ratio,
      ts: latest.get(meter.id)?.ts ?? null,
    });
  }
  return loads;
}

/** The n most loaded meters (ratio, then value, then id), for the labels: only meters drawing something. */
export function hottestMeters(loads: Iterable<MeterLoad>, count: number): MeterLoad[] {
  return [...loads]
    .filter((load) => load.ratio !== null && load.value !== null && load.value > 0)
    .sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0) || (b.value ?? 0) - (a.value ?? 0) || a.meterId - b.meterId)
    .slice(0, Math.max(0, count));
}
