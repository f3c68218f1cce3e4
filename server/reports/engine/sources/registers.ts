import { sql } from 'kysely';
import { fromMilli } from '@shared/metering';
import { addMonths, localPeriods } from '../../../metering/calendar';
import { monthBounds } from '../../../monthRegisters/monthInstants';
import { cellKey, type MetricSource, type MetricValues, type ReportContext } from '../reportContext';
import { chunks, meterFacts, num, type MeterFacts } from './sourceKit';

/**
 * How far back a register may be to stand for the register at an instant: two months, so a meter read by hand
 * once a month still has a register at both edges of a month; an older one is no register "at" that instant.
 */
export const REGISTER_LOOK_BACK_MS = 62 * 86_400_000;

const LAST_READING_SQL =
  'select register_milli from readings where meter_id = ? and ts <= ? and ts > ? and register_milli is not null order by ts desc limit 1';

/** meter id → the raw register (as the meter shows it) of its last reading at or before `instant`, within the look-back. */
async function registersAt(context: ReportContext, meterIds: readonly number[], instant: number): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (meterIds.length === 0) return found;
  const after = instant - REGISTER_LOOK_BACK_MS;
  const { sqlite } = context;
  if (sqlite) {
    // One index seek per meter on the (meter_id, ts) key, on kysely's own connection so no open ingest batch is read.
    await context.db.connection().execute(async () => {
      const statement = sqlite.prepare(LAST_READING_SQL).pluck();
      for (const meterId of meterIds) {
        const milli = statement.get(meterId, instant, after) as number | undefined;
        if (milli !== undefined && milli !== null) found.set(meterId, fromMilli(milli));
      }
    });
    return found;
  }
  if (context.dbKind === 'postgres') {
    for (const chunk of chunks(meterIds)) {
      const rows = await sql<{ meter_id: number; register_milli: number | string }>`
        select m.id as meter_id, r.register_milli
        from unnest(${sql.val(chunk)}::integer[]) as m(id)
        cross join lateral (
          select register_milli from readings
          where meter_id = m.id and ts <= ${instant} and ts > ${after} and register_milli is not null
          order by ts desc limit 1
        ) r`.execute(context.db);
      for (const row of rows.rows) found.set(num(row.meter_id), fromMilli(num(row.register_milli)));
    }
    return found;
  }
  for (const meterId of meterIds) {
    const row = await context.db
      .selectFrom('readings')
      .select('register_milli')
      .where('meter_id', '=', meterId)
      .where('ts', '<=', instant)
      .where('ts', '>', after)
      .where('register_milli', 'is not', null)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row && row.register_milli !== null) found.set(meterId, fromMilli(num(row.register_milli)));
  }
  return found;
}

/**
 * The month whose first local instant `instant` is, if it is one: typed registers (month_registers, band total) of
 * manually read meters belong to month edges.
 */
function monthStartingAt(instant: number, timeZone: string): string | null {
  const month = localPeriods(instant, timeZone).month;
  return monthBounds(month, timeZone).from === instant ? month : null;
}

/** meter id → the register typed for a manual meter at a month edge: the month's typed start, else the month before's typed end. */
async function typedAt(context: ReportContext, manual: readonly MeterFacts[], instant: number, prefer: 'start' | 'end'): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const month = manual.length > 0 ? monthStartingAt(instant, context.timeZone) : null;
  if (!month) return found;
  const previous = addMonths(month, -1);
  for (const chunk of chunks(manual.map((meter) => meter.id))) {
    const rows = await context.db
      .selectFrom('month_registers')
      .select(['meter_id', 'month', 'start_register', 'end_register'])
      .where('meter_id', 'in', chunk)
      .where('band', '=', 'total')
      .where('month', 'in', [month, previous])
      .execute();
    const starts = new Map<number, number>();
    const ends = new Map<number, number>();
    for (const row of rows) {
      if (row.month === month && row.start_register !== null) starts.set(row.meter_id, num(row.start_register));
      if (row.month === previous && row.end_register !== null) ends.set(row.meter_id, num(row.end_register));
    }
    for (const id of chunk) {
      const value = prefer === 'start' ? (starts.get(id) ?? ends.get(id)) : (ends.get(id) ?? starts.get(id));
      if (value !== undefined) found.set(id, value);
    }
  }
  return found;
}

/**
 * registerStart / registerEnd (meters only): the meter's register at the slot's first local instant / at its end
 * (the next slot's first instant), in kWh (m³) of primary energy — the register as the meter shows it × CT × PT,
 * so end − start is the slot's register energy as the monthly register record counts it. The register at an
 * instant is the last reading at or before it within REGISTER_LOOK_BACK_MS (a reading exactly on an edge ends one
 * slot and starts the next); a manually read meter's typed registers of a month (month_registers) replace it at
 * that month's edges. No register: an empty cell.
 */
export const registerSource: MetricSource = {
  metrics: ['registerStart', 'registerEnd'],
  async read(context, request) {
    const values: MetricValues = new Map();
    const wanted = new Set(request.objects.filter((object) => object.kind === 'meter').map((object) => object.id));
    const meters = (await meterFacts(context)).filter((meter) => wanted.has(meter.id));
    if (meters.length === 0) return values;
    const ids = meters.map((meter) => meter.id);
    const manual = meters.filter((meter) => meter.gatewayId === null);
    const multiplier = new Map(meters.map((meter) => [meter.id, meter.multiplier]));
    const atStart = request.metric === 'registerStart';
    const byInstant = new Map<number, Map<number, number>>();
    for (const slot of request.slots) {
      const instant = atStart ? slot.startMs : slot.endMs;
      let registers = byInstant.get(instant);
      if (!registers) {
        registers = await registersAt(context, ids, instant);
        for (const [id, typed] of await typedAt(context, manual, instant, atStart ? 'start' : 'end')) registers.set(id, typed);
        byInstant.set(instant, registers);
      }
      for (const [id, register] of registers) values.set(cellKey(id, slot.key), { value: register * (multiplier.get(id) ?? 1), estimated: false });
    }
    return values;
  },
};
