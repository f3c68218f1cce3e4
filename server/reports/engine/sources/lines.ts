import { LINE_METRICS } from '@shared/reports/constants';
import { energyIn, firstAtOrAfter, lineIntervals, loadLine, outputByDay, outputRows, type LineRow } from '../../../production/lineData';
import { lineMeters } from '../../../production/lineSettings';
import { cellKey, type MetricRequest, type MetricSource, type MetricValues, type ReportContext, type ReportObject, type ReportSlot } from '../reportContext';
import { bandSource } from './bands';
import { anyIn, estimateStarts, slotsSpan } from './sourceKit';

/** Line intervals are read this much at a time, so a long report never holds years of 15-minute rows at once. */
const READ_WINDOW_MS = 31 * 86_400_000;
const HOUR_MS = 3_600_000;

type Cells = MetricValues;

/**
 * Production lines, as server/production counts them (its functions, not a copy): **energy** = the line meters'
 * stored 15-minute intervals (of the line's energy type, by their start) × each meter's allocation ratio
 * (`lineIntervals`, `energyIn`); **cost / bandEnergy / bandCost** = Σ over the line's meters (`lineMeters`) of the
 * meter's figure from the band rollups (the meters' own band source) × its ratio — cost is linear, so this is the
 * line's intervals priced one by one; **output** = Σ quantity × standard coefficient of the records whose production
 * day lies in the slot (`outputRows`, `outputByDay`); **sec** = energy ÷ output. Output is per day: an hour slot has
 * none. No interval (no record) in a slot is an empty cell; any other metric, or an object that is not a line,
 * reads nothing (an empty column, as rooms do).
 */
export const lineSource: MetricSource = {
  metrics: LINE_METRICS,
  async read(context: ReportContext, request: MetricRequest): Promise<MetricValues> {
    const lines = request.objects.filter((object) => object.kind === 'line');
    if (lines.length === 0 || request.slots.length === 0) return new Map();
    switch (request.metric) {
      case 'energy':
        return lineEnergy(context, lines, request.slots);
      case 'cost':
      case 'bandEnergy':
      case 'bandCost':
        return lineBandFigures(context, lines, request);
      case 'output':
        return lineOutput(context, lines, request.slots);
      case 'sec':
        return lineSec(context, lines, request.slots);
      default:
        return new Map();
    }
  },
};

async function lineRows(context: ReportContext, lines: readonly ReportObject[]): Promise<LineRow[]> {
  const rows: LineRow[] = [];
  for (const line of lines) rows.push(await loadLine(context.db, line.id));
  return rows;
}

async function lineEnergy(context: ReportContext, lines: readonly ReportObject[], slots: readonly ReportSlot[]): Promise<Cells> {
  const cells: Cells = new Map();
  const span = slotsSpan(slots);
  for (const line of await lineRows(context, lines)) {
    const sums = new Map<string, number>();
    const meterIds = new Set<number>();
    for (let from = span.from; from < span.to; from += READ_WINDOW_MS) {
      const to = Math.min(from + READ_WINDOW_MS, span.to);
      const points = await lineIntervals(context.db, line, from, to);
      if (points.length === 0) continue;
      for (const point of points) meterIds.add(point.meterId);
      for (const slot of slots) {
        const start = Math.max(slot.startMs, from);
        const end = Math.min(slot.endMs, to);
        if (!(start < end)) continue;
        const first = firstAtOrAfter(points, start);
        if (first >= points.length || points[first]!.start >= end) continue;
        sums.set(slot.key, (sums.get(slot.key) ?? 0) + energyIn(points, start, end));
      }
    }
    if (sums.size === 0) continue;
    const estimates = await estimateStarts(context, [...meterIds], span.from, span.to);
    for (const slot of slots) {
      const value = sums.get(slot.key);
      if (value === undefined) continue;
      const estimated = [...meterIds].some((meterId) => anyIn(estimates.get(meterId), slot.startMs, slot.endMs));
      cells.set(cellKey(line.id, slot.key), { value, estimated });
    }
  }
  return cells;
}

async function lineBandFigures(context: ReportContext, lines: readonly ReportObject[], request: MetricRequest): Promise<MetricValues> {
  const values: MetricValues = new Map();
  const feeds = new Map<number, { meterId: number; ratio: number }[]>();
  const meters = new Map<number, ReportObject>();
  for (const line of lines) {
    const own = (await lineMeters(context.db, line.id)).filter((meter) => meter.energyType === line.energyType);
    feeds.set(
      line.id,
      own.map((meter) => ({ meterId: meter.meterId, ratio: meter.ratio })),
    );
    for (const meter of own)
      meters.set(meter.meterId, {
        kind: 'meter',
        id: meter.meterId,
        code: meter.code,
        name: meter.name,
        departmentId: null,
        departmentName: '',
        energyType: meter.energyType,
      });
  }
  if (meters.size === 0) return values;
  const perMeter = await bandSource.read(context, { ...request, objects: [...meters.values()] });
  for (const line of lines)
    for (const slot of request.slots) {
      let value = 0;
      let estimated = false;
      let found = false;
      for (const { meterId, ratio } of feeds.get(line.id) ?? []) {
        const figure = perMeter.get(cellKey(meterId, slot.key));
        if (!figure) continue;
        found = true;
        value += figure.value * ratio;
        estimated ||= figure.estimated;
      }
      if (found) values.set(cellKey(line.id, slot.key), { value, estimated });
    }
  return values;
}

async function lineOutput(context: ReportContext, lines: readonly ReportObject[], slots: readonly ReportSlot[]): Promise<Cells> {
  const cells: Cells = new Map();
  // A record is for a production day: it cannot be placed in one hour of it.
  const daySlots = slots.filter((slot) => slot.endMs - slot.startMs > 2 * HOUR_MS);
  if (daySlots.length === 0) return cells;
  const from = daySlots.reduce((first, slot) => (slot.from < first ? slot.from : first), daySlots[0]!.from);
  const to = daySlots.reduce((last, slot) => (slot.to > last ? slot.to : last), daySlots[0]!.to);
  for (const line of lines) {
    const perDay = outputByDay(await outputRows(context.db, line.id, from, to));
    if (perDay.size === 0) continue;
    for (const slot of daySlots) {
      let value: number | null = null;
      for (const [day, output] of perDay) if (slot.from <= day && day <= slot.to) value = (value ?? 0) + output;
      if (value !== null) cells.set(cellKey(line.id, slot.key), { value, estimated: false });
    }
  }
  return cells;
}

/** energy ÷ standard output per slot; empty without output (or without energy). Estimated when the energy is. */
async function lineSec(context: ReportContext, lines: readonly ReportObject[], slots: readonly ReportSlot[]): Promise<Cells> {
  const energy = await lineEnergy(context, lines, slots);
  const output = await lineOutput(context, lines, slots);
  const cells: Cells = new Map();
  for (const [key, made] of output) {
    const used = energy.get(key);
    if (used && made.value > 0) cells.set(key, { value: used.value / made.value, estimated: used.estimated });
  }
  return cells;
}
