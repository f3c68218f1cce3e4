import type { RollupGrain } from '@shared/schemas';
import { addDays, addMonthsTo, lastDayOfMonth } from '@shared/reports/periods';
import type { ReportObject, ReportSlot } from '../reportContext';

const HOUR_MS = 3_600_000;

/** One rollup row's figure, as read by a source. */
export interface RollupFigure {
  scopeId: number;
  energyType: string;
  grain: RollupGrain;
  period: string;
  value: number;
  estimated: boolean;
}

/** The rollup keys (grain, period) whose sum is a slot's figure. */
type Part = readonly [RollupGrain, string];

/**
 * How each slot is read from the rollups: an hour slot from its hour row (key = local start in epoch ms), a slot of
 * days from the whole months inside it (month rows) and the other days (day rows). Weeks and years are sums of those.
 */
export function slotParts(slot: ReportSlot): Part[] {
  if (slot.endMs - slot.startMs <= 2 * HOUR_MS) return [['hour', String(slot.startMs)]];
  const parts: Part[] = [];
  for (let month = slot.from.slice(0, 7); month <= slot.to.slice(0, 7); month = addMonthsTo(month, 1)) {
    const first = `${month}-01`;
    const last = lastDayOfMonth(month);
    if (slot.from <= first && last <= slot.to) parts.push(['month', month]);
    else for (let day = first < slot.from ? slot.from : first; day <= last && day <= slot.to; day = addDays(day, 1)) parts.push(['day', day]);
  }
  return parts;
}

/** The keys of one grain grouped into runs of consecutive periods: one range query each. */
function ranges(grain: RollupGrain, keys: Set<string>): { from: string; to: string }[] {
  const next = (key: string) => (grain === 'hour' ? String(Number(key) + HOUR_MS) : grain === 'day' ? addDays(key, 1) : addMonthsTo(key, 1));
  const sorted = [...keys].sort((a, b) => (grain === 'hour' ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
  const out: { from: string; to: string }[] = [];
  for (const key of sorted) {
    const last = out[out.length - 1];
    if (last && next(last.to) === key) last.to = key;
    else out.push({ from: key, to: key });
  }
  return out;
}

/**
 * Reads the rollup ranges the slots need with `read(grain, from, to)` and sums each object's figures per slot.
 * A figure counts for an object when its scope id and energy type are the object's. Returns
 * object id → slot key → { value, estimated }; a slot without any row is absent (an empty cell).
 */
export async function sumOverSlots(
  objects: readonly ReportObject[],
  slots: readonly ReportSlot[],
  read: (grain: RollupGrain, from: string, to: string) => Promise<RollupFigure[]>,
): Promise<Map<number, Map<string, { value: number; estimated: boolean }>>> {
  const partsOf = new Map<string, Part[]>();
  const wanted: Record<RollupGrain, Set<string>> = { hour: new Set(), day: new Set(), month: new Set() };
  for (const slot of slots) {
    const parts = slotParts(slot);
    partsOf.set(slot.key, parts);
    for (const [grain, period] of parts) wanted[grain].add(period);
  }
  const figures = new Map<string, { value: number; estimated: boolean }>();
  const at = (scopeId: number, energyType: string, grain: RollupGrain, period: string) => `${scopeId}|${energyType}|${grain}|${period}`;
  for (const grain of ['hour', 'day', 'month'] as const) {
    for (const range of ranges(grain, wanted[grain])) {
      for (const figure of await read(grain, range.from, range.to)) {
        const key = at(figure.scopeId, figure.energyType, grain, figure.period);
        const known = figures.get(key);
        figures.set(key, { value: (known?.value ?? 0) + figure.value, estimated: (known?.estimated ?? false) || figure.estimated });
      }
    }
  }
  const out = new Map<number, Map<string, { value: number; estimated: boolean }>>();
  for (const object of objects) {
    const perSlot = new Map<string, { value: number; estimated: boolean }>();
    for (const slot of slots) {
      let value = 0;
      let estimated = false;
      let found = false;
      for (const [grain, period] of partsOf.get(slot.key) ?? []) {
        const figure = figures.get(at(object.id, object.energyType, grain, period));
        if (!figure) continue;
        found = true;
        value += figure.value;
        estimated ||= figure.estimated;
      }
      if (found) perSlot.set(slot.key, { value, estimated });
    }
    out.set(object.id, perSlot);
  }
  return out;
}
