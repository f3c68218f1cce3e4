import { metricDef } from '@shared/metering/metrics';
import type { MeterLatestValues } from '@shared/realtime/protocol';
import type { Binding } from '@shared/board/document';
import type { ChannelReading } from '../widgetDescriptor';

/** The metric a live widget shows when the binding names none: active power, what control rooms watch. */
export const DEFAULT_LIVE_METRIC = 'kw';

export const boundMetric = (binding: Binding): string => binding.metric ?? DEFAULT_LIVE_METRIC;

/** The unit to print: the option's own when set, else the catalogue's (pf has none). */
export const metricUnit = (code: string, override = ''): string => override || metricDef(code)?.unit || '';

/** One metric's value from a `meter:<id>:latest` reading, with the reading's time; undefined when not measured. */
export function meterValue(reading: ChannelReading<MeterLatestValues> | undefined, code: string): { ts: number; value: number } | undefined {
  const value = reading?.value.values[code];
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return { ts: reading!.value.ts, value };
}
