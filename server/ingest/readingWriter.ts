import type { Transaction } from 'kysely';
import { toMilli, type Milli } from '@shared/metering';
import type { Database } from '../db/schema';
import { registerStep } from '../metering/registerDelta';
import type { BatchStore, MeterStateRow, QuarantineRow, RawReadingRow, RegisterPoint, SeenThrottle } from './batchStore';
import { EnergyLedger } from './energyLedger';
import { KyselyBatchStore } from './kyselyBatchStore';
import type { TariffBook } from '../tariffs/tariffBook';
import type { MeterEntry } from './meterDirectory';
import { rateMetricFor, registerMetricFor } from './registerMetric';

export interface ResolvedReading {
  meter: MeterEntry;
  ts: number;
  values: Record<string, number>;
}

// Register and rate are stored as integer thousandths of their unit (shared/metering/readingScale).
const milliOrNull = (value: number | undefined): Milli | null => (value === undefined ? null : toMilli(value));

function rawRow({ meter, ts, values }: ResolvedReading): RawReadingRow {
  const registerCode = registerMetricFor(meter.energyType);
  const rateCode = rateMetricFor(meter.energyType);
  // Most gateways send only the register and the rate: no extra object unless there is more (hot path).
  let extra: Record<string, number> | undefined;
  for (const code in values) {
    if (code !== registerCode && code !== rateCode) (extra ??= {})[code] = values[code]!;
  }
  return {
    meter_id: meter.id,
    ts,
    register_milli: milliOrNull(values[registerCode]),
    rate_milli: milliOrNull(values[rateCode]),
    extra: extra ? JSON.stringify(extra) : null,
  };
}

/**
 * Stores one batch through `store` (inside the caller's transaction): raw readings (idempotent on
 * meter+ts), energy steps from the register state, quarantine for implausible steps, 15-minute energy
 * and rollups, latest values. Returns which items were new (false = already stored).
 */
export interface SeenThrottles {
  meters: SeenThrottle;
  gateways: SeenThrottle;
}

/** What a caller wants to hear about a committed batch beyond its accepted flags (the alarm engine). */
export interface BatchTally {
  /** Implausible steps sent to quarantine. */
  quarantined: number;
}

export async function writeBatch(
  store: BatchStore,
  items: ResolvedReading[],
  timeZone: string,
  now = Date.now(),
  throttles?: SeenThrottles,
  tally?: BatchTally,
  /** Prices the priced meters' energy into band rollups (the directory's book); without it the store loads one. */
  book: TariffBook | null = null,
): Promise<boolean[]> {
  // The same (meter, ts) twice in one batch: only the first counts, the rest are duplicates.
  // Numbers, not "meter:ts" strings: this runs per reading on the hot path.
  const tsSeen = new Map<number, Set<number>>();
  const first = items.map(({ meter, ts }) => {
    let seen = tsSeen.get(meter.id);
    if (!seen) tsSeen.set(meter.id, (seen = new Set()));
    if (seen.has(ts)) return false;
    seen.add(ts);
    return true;
  });
  const unique = items.filter((_, index) => first[index]);
  const inserted = await store.insertReadings(unique.map(rawRow));
  const fresh = unique.filter((_, index) => inserted[index]);
  if (fresh.length === 0) return items.map(() => false);

  const meterIds = [...new Set(fresh.map((item) => item.meter.id))];
  const states = await store.loadStates(meterIds);
  // Latest values are parsed once per meter and written back once, not per reading.
  const latestByMeter = new Map<number, Record<string, [number, number]>>();

  const ledger = new EnergyLedger(timeZone, book);
  const quarantined: QuarantineRow[] = [];
  // Register readings at or before their meter's register state (late arrivals), per meter, oldest first.
  let late: Map<number, { meter: MeterEntry; points: RegisterPoint[] }> | undefined;
  fresh.sort((a, b) => a.meter.id - b.meter.id || a.ts - b.ts);
  for (const { meter, ts, values } of fresh) {
    const state: MeterStateRow = states.get(meter.id) ?? { meter_id: meter.id, register_ts: null, register_value: null, latest_ts: ts, latest: '{}' };
    let latest = latestByMeter.get(meter.id);
    if (!latest) {
      latest = JSON.parse(state.latest) as Record<string, [number, number]>;
      latestByMeter.set(meter.id, latest);
    }
    for (const code in values) {
      const value = values[code]!;
      const known = latest[code];
      if (!known || known[1] <= ts) latest[code] = [value, ts];
    }
    state.latest_ts = Math.max(state.latest_ts, ts);
    const register = values[registerMetricFor(meter.energyType)];
    if (register !== undefined) {
      if (state.register_ts !== null && state.register_value !== null && ts <= state.register_ts) {
        // Older than the register state: its steps are re-derived below, from its stored neighbours.
        let entry = (late ??= new Map()).get(meter.id);
        if (!entry) late.set(meter.id, (entry = { meter, points: [] }));
        entry.points.push({ ts, value: register });
      } else if (state.register_ts === null || state.register_value === null) {
        state.register_ts = ts;
        state.register_value = register;
      } else {
        const step = registerStep({ ts: state.register_ts, value: state.register_value }, { ts, value: register }, meter.profile);
        if (step.kind === 'energy') ledger.add(meter, step.from, step.to, step.energy);
        if (step.kind === 'implausible') quarantined.push(held(meter.id, step, state.register_value, register, now));
        if (step.kind !== 'stale') {
          state.register_ts = ts;
          state.register_value = register;
        }
      }
    }
    states.set(meter.id, state);
  }
  for (const [meterId, latest] of latestByMeter) states.get(meterId)!.latest = JSON.stringify(latest);
  if (late) {
    for (const [meterId, { meter, points }] of late) {
      const batchTs = fresh
        .filter((item) => item.meter.id === meterId && item.values[registerMetricFor(meter.energyType)] !== undefined)
        .map((item) => item.ts);
      await rederiveLate(store, meter, points, batchTs, ledger, quarantined, now);
    }
  }

  await store.addEnergy(ledger);
  await store.quarantine(quarantined);
  if (tally) tally.quarantined += quarantined.length;
  await store.saveStates([...states.values()]);
  const gatewayIds = [...new Set(fresh.map((item) => item.meter.gatewayId).filter((id): id is number => id !== null))];
  await store.touch(throttles ? throttles.meters.due(meterIds, now) : meterIds, throttles ? throttles.gateways.due(gatewayIds, now) : gatewayIds, now);
  let position = 0;
  return first.map((isFirst) => isFirst && inserted[position++] === true);
}

const held = (
  meterId: number,
  step: { from: number; to: number; energy: number; limit: number },
  rawFrom: number,
  rawTo: number,
  now: number,
): QuarantineRow => ({
  meter_id: meterId,
  from_ts: step.from,
  to_ts: step.to,
  energy: step.energy,
  limit_energy: step.limit,
  raw_from: rawFrom,
  raw_to: rawTo,
  created_at: now,
});

/**
 * Late register readings of one meter (at or before its register state, oldest first): the energy becomes what
 * in-order arrival would have given. Per run of late readings between the same two stored register readings
 * `prev` and `next` (the raw readings table, in this transaction; on PostgreSQL under the meter's state row lock):
 * the step prev → next that was counted is taken out and prev → late₁ → … → lateₙ → next are counted instead,
 * through the batch's ledger (intervals, rollups, departments and bands move together; negative amounts allowed).
 * With no `prev` (readings older than the meter's first) only late₁ → … → next are added. Each step follows the
 * register rules (wrap, reset, quarantine). Kept raw, counting nothing, as before (see server/ingest/README.md):
 * a run inside a quarantined step or an active data completion (the operator, or EstimateReplacer, owns it), one
 * that a meter replacement falls in, one with no later stored reading, and one older than every stored reading of
 * a meter that already has energy before it (raw readings purged by retention).
 */
async function rederiveLate(
  store: BatchStore,
  meter: MeterEntry,
  late: RegisterPoint[],
  /** The register times of this meter in the batch, each stored already: those after a run are not counted yet. */
  batchTs: number[],
  ledger: EnergyLedger,
  quarantined: QuarantineRow[],
  now: number,
): Promise<void> {
  batchTs.sort((a, b) => a - b);
  let i = 0;
  let pendingFrom = 0;
  while (i < late.length) {
    const first = late[i]!;
    while (pendingFrom < batchTs.length && batchTs[pendingFrom]! <= first.ts) pendingFrom++;
    // The next stored register reading that is not one of this batch's own later readings.
    const pending = new Set(batchTs.slice(pendingFrom));
    let next: RegisterPoint | null;
    for (let limit = Math.min(16, pending.size + 1); ; limit = Math.min(limit * 4, pending.size + 1)) {
      const after = await store.registersAfter(meter.id, first.ts, limit);
      next = after.find((point) => !pending.has(point.ts)) ?? null;
      if (next || after.length < limit || limit === pending.size + 1) break;
    }
    let end = i + 1;
    while (end < late.length && (next === null || late[end]!.ts < next.ts)) end++;
    const run = late.slice(i, end);
    i = end;
    if (!next) continue;
    const stored = await store.registerBefore(meter.id, first.ts);
    const context = await store.lateContext(meter.id, stored?.ts ?? null, next.ts);
    if (context.held || context.completed) continue;
    // A replacement before the run starts the register cycle the old step was counted from; one inside it is left.
    let prev = stored;
    if (context.replacements.some((r) => r.ts >= first.ts)) continue;
    for (const r of context.replacements) prev = r;
    if (prev && Number.isNaN(prev.value)) continue;
    if (!prev && context.energyBefore) continue;
    if (prev) {
      const counted = registerStep(prev, next, meter.profile);
      if (counted.kind === 'implausible') continue;
      if (counted.kind === 'energy') ledger.add(meter, counted.from, counted.to, -counted.energy);
    }
    const chain = prev ? [prev, ...run, next] : [...run, next];
    for (let k = 1; k < chain.length; k++) {
      const step = registerStep(chain[k - 1]!, chain[k]!, meter.profile);
      if (step.kind === 'energy') ledger.add(meter, step.from, step.to, step.energy);
      else if (step.kind === 'implausible') quarantined.push(held(meter.id, step, chain[k - 1]!.value, chain[k]!.value, now));
    }
  }
}

/** The portable path, in a kysely transaction (PostgreSQL, and tests of the logic on either engine). */
export const writeReadings = (trx: Transaction<Database>, items: ResolvedReading[], timeZone: string, now = Date.now()): Promise<boolean[]> =>
  writeBatch(new KyselyBatchStore(trx), items, timeZone, now);

/**
 * Adds a ledger's energy to the interval, rollup and band rollup tables (operator corrections, replacements,
 * completions): band rows for the ledger's priced meters are written in the same transaction.
 */
export const upsertEnergy = (trx: Transaction<Database>, ledger: EnergyLedger): Promise<void> => new KyselyBatchStore(trx).addEnergy(ledger);
