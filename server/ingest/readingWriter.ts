import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { registerStep } from '../metering/registerDelta';
import { EnergyLedger } from './energyLedger';
import type { MeterEntry } from './meterDirectory';
import { rateMetricFor, registerMetricFor } from './registerMetric';

export interface ResolvedReading {
  meter: MeterEntry;
  ts: number;
  values: Record<string, number>;
}

interface MeterStateRow {
  meter_id: number;
  register_ts: number | null;
  register_value: number | null;
  latest_ts: number;
  latest: string;
}

const CHUNK = 500;
const chunks = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

function rawRow({ meter, ts, values }: ResolvedReading) {
  const registerCode = registerMetricFor(meter.energyType);
  const rateCode = rateMetricFor(meter.energyType);
  const extra = Object.fromEntries(Object.entries(values).filter(([code]) => code !== registerCode && code !== rateCode));
  return {
    meter_id: meter.id,
    ts,
    register: values[registerCode] ?? null,
    rate: values[rateCode] ?? null,
    extra: Object.keys(extra).length ? JSON.stringify(extra) : null,
  };
}

/**
 * Stores one batch in the caller's transaction: raw readings (idempotent on meter+ts), energy steps
 * from the register state, quarantine for implausible steps, 15-minute energy and rollups, latest
 * values. Returns which items were new (false = already stored).
 */
export async function writeReadings(trx: Transaction<Database>, items: ResolvedReading[], timeZone: string, now = Date.now()): Promise<boolean[]> {
  // The same (meter, ts) twice in one batch: only the first counts, the rest are duplicates.
  const keys = items.map((item) => `${item.meter.id}:${item.ts}`);
  const seen = new Set<string>();
  const first = keys.map((key) => !seen.has(key) && Boolean(seen.add(key)));
  const unique = items.filter((_, index) => first[index]);
  const inserted = new Set<string>();
  for (const chunk of chunks(unique.map(rawRow))) {
    const rows = await trx.insertInto('readings').values(chunk).onConflict((oc) => oc.columns(['meter_id', 'ts']).doNothing()).returning(['meter_id', 'ts']).execute();
    for (const row of rows) inserted.add(`${row.meter_id}:${row.ts}`);
  }
  const fresh = unique.filter((item) => inserted.has(`${item.meter.id}:${item.ts}`));
  if (fresh.length === 0) return items.map(() => false);

  const meterIds = [...new Set(fresh.map((item) => item.meter.id))];
  const states = new Map<number, MeterStateRow>();
  for (const chunk of chunks(meterIds)) {
    for (const row of await trx.selectFrom('meter_state').selectAll().where('meter_id', 'in', chunk).execute()) states.set(row.meter_id, row);
  }

  const ledger = new EnergyLedger(timeZone);
  const quarantined: Parameters<typeof insertQuarantine>[1] = [];
  fresh.sort((a, b) => a.meter.id - b.meter.id || a.ts - b.ts);
  for (const { meter, ts, values } of fresh) {
    const state = states.get(meter.id) ?? { meter_id: meter.id, register_ts: null, register_value: null, latest_ts: ts, latest: '{}' };
    const latest = JSON.parse(state.latest) as Record<string, [number, number]>;
    for (const [code, value] of Object.entries(values)) if (!latest[code] || latest[code][1] <= ts) latest[code] = [value, ts];
    state.latest = JSON.stringify(latest);
    state.latest_ts = Math.max(state.latest_ts, ts);
    const register = values[registerMetricFor(meter.energyType)];
    if (register !== undefined) {
      if (state.register_ts === null || state.register_value === null) {
        state.register_ts = ts;
        state.register_value = register;
      } else {
        const step = registerStep({ ts: state.register_ts, value: state.register_value }, { ts, value: register }, meter.profile);
        // A late reading ("stale") is kept raw; the energy across it was already spread, so totals stay right.
        if (step.kind === 'energy') ledger.add(meter, step.from, step.to, step.energy);
        if (step.kind === 'implausible') {
          quarantined.push({ meter_id: meter.id, from_ts: step.from, to_ts: step.to, energy: step.energy, limit_energy: step.limit, raw_from: state.register_value, raw_to: register, created_at: now });
        }
        if (step.kind !== 'stale') {
          state.register_ts = ts;
          state.register_value = register;
        }
      }
    }
    states.set(meter.id, state);
  }

  await upsertEnergy(trx, ledger);
  await insertQuarantine(trx, quarantined);
  for (const chunk of chunks([...states.values()])) {
    await trx
      .insertInto('meter_state')
      .values(chunk)
      .onConflict((oc) => oc.column('meter_id').doUpdateSet((eb) => ({ register_ts: eb.ref('excluded.register_ts'), register_value: eb.ref('excluded.register_value'), latest_ts: eb.ref('excluded.latest_ts'), latest: eb.ref('excluded.latest') })))
      .execute();
  }
  for (const chunk of chunks(meterIds)) await trx.updateTable('meters').set({ online: 1, last_seen_at: now }).where('id', 'in', chunk).execute();
  const gatewayIds = [...new Set(fresh.map((item) => item.meter.gatewayId).filter((id): id is number => id !== null))];
  if (gatewayIds.length) await trx.updateTable('gateways').set({ online: 1, last_seen_at: now }).where('id', 'in', gatewayIds).execute();
  return keys.map((key, index) => first[index] === true && inserted.has(key));
}

/** Adds a ledger's energy to the interval and rollup tables (also used by quarantine and replacements). */
export async function upsertEnergy(trx: Transaction<Database>, ledger: EnergyLedger): Promise<void> {
  for (const chunk of chunks(ledger.intervals)) {
    await trx
      .insertInto('energy_intervals')
      .values(chunk)
      .onConflict((oc) => oc.columns(['meter_id', 'start']).doUpdateSet((eb) => ({ energy: eb('energy_intervals.energy', '+', eb.ref('excluded.energy')) })))
      .execute();
  }
  for (const chunk of chunks(ledger.rollups)) {
    await trx
      .insertInto('energy_rollups')
      .values(chunk)
      .onConflict((oc) => oc.columns(['scope', 'scope_id', 'energy_type', 'grain', 'period']).doUpdateSet((eb) => ({ energy: eb('energy_rollups.energy', '+', eb.ref('excluded.energy')) })))
      .execute();
  }
}

async function insertQuarantine(
  trx: Transaction<Database>,
  rows: { meter_id: number; from_ts: number; to_ts: number; energy: number; limit_energy: number; raw_from: number; raw_to: number; created_at: number }[],
): Promise<void> {
  for (const chunk of chunks(rows)) await trx.insertInto('quarantine').values(chunk).execute();
}
