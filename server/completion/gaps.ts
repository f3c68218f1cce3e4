import { sql, type Kysely } from 'kysely';
import { COMPLETION_INTERVAL_MS, GAP_MIN_MS, MAX_GAP_RANGE_MS, type DataGap, type DataGapQuery } from '@shared/schemas/completion';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { validationError } from '../http/appError';

const DAY_MS = 86_400_000;
/** The list answers at most this many gaps (newest first); narrow the range or the meter for more. */
export const MAX_GAPS = 500;

export const ceilQuarter = (ts: number): number => Math.ceil(ts / COMPLETION_INTERVAL_MS) * COMPLETION_INTERVAL_MS;
export const floorQuarter = (ts: number): number => Math.floor(ts / COMPLETION_INTERVAL_MS) * COMPLETION_INTERVAL_MS;

interface MeterRow {
  id: number;
  code: string;
  name: string;
  unit: string;
}

interface RawGap {
  meter: MeterRow;
  readingFrom: number;
  readingTo: number | null;
}

/**
 * Gaps in the register readings of the caller's meters: two consecutive register readings more than two
 * intervals (30 minutes) apart, whose intervals hold ingest's flat spread, or a meter silent since its last
 * reading for more than 30 minutes (its intervals hold nothing). A gap is answered as the whole 15-minute
 * intervals it covers; stretches an active completion covers are answered apart, with `completedBy`.
 */
export async function listGaps(db: Kysely<Database>, owners: number[] | null, query: DataGapQuery, now = Date.now()): Promise<DataGap[]> {
  const to = query.to ?? now;
  const from = query.from ?? to - 7 * DAY_MS;
  if (to <= from) throw validationError([{ field: 'to', rule: 'custom', message: 'must be after from' }]);
  if (to - from > MAX_GAP_RANGE_MS) throw new AppError('TIME_OUT_OF_RANGE');

  let meterQuery = db.selectFrom('meters').select(['id', 'code', 'name', 'unit', 'owner_user_id']);
  if (owners) meterQuery = meterQuery.where('owner_user_id', 'in', owners);
  if (query.meterId !== undefined) meterQuery = meterQuery.where('id', '=', query.meterId);
  const meters = await meterQuery.orderBy('code').execute();
  if (query.meterId !== undefined && meters.length === 0) throw new AppError('NOT_FOUND', { message: `Meter ${query.meterId} does not exist` });
  if (meters.length === 0) return [];
  const meterIds = meters.map((m) => m.id);
  const meterById = new Map(meters.map((m) => [m.id, m]));

  // The register readings on either side of the range, one per meter (a backward or forward walk of the (meter, ts) key).
  const anchors = await db
    .selectFrom('meters as m')
    .select((eb) => [
      'm.id',
      eb
        .selectFrom('readings as r')
        .select('r.ts')
        .whereRef('r.meter_id', '=', 'm.id')
        .where('r.ts', '<', from)
        .where('r.register_milli', 'is not', null)
        .orderBy('r.ts', 'desc')
        .limit(1)
        .as('before'),
      eb
        .selectFrom('readings as r')
        .select('r.ts')
        .whereRef('r.meter_id', '=', 'm.id')
        .where('r.ts', '>', to)
        .where('r.register_milli', 'is not', null)
        .orderBy('r.ts', 'asc')
        .limit(1)
        .as('after'),
    ])
    .where('m.id', 'in', meterIds)
    .execute();

  // Inside the range: the first and last reading of each meter and every step longer than a gap (window functions, both engines).
  const steps = await sql<{ meter_id: number; ts: number | string; prev_ts: number | string | null; next_ts: number | string | null }>`
    select meter_id, ts, prev_ts, next_ts from (
      select meter_id, ts,
        lag(ts) over (partition by meter_id order by ts) as prev_ts,
        lead(ts) over (partition by meter_id order by ts) as next_ts
      from readings
      where meter_id in (${sql.join(meterIds)}) and ts >= ${from} and ts <= ${to} and register_milli is not null
    ) w
    where prev_ts is null or next_ts is null or ts - prev_ts > ${GAP_MIN_MS}`.execute(db);

  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const raw: RawGap[] = [];
  for (const row of steps.rows) {
    const ts = Number(row.ts);
    if (row.prev_ts === null) first.set(row.meter_id, ts);
    else if (ts - Number(row.prev_ts) > GAP_MIN_MS) raw.push({ meter: meterById.get(row.meter_id)!, readingFrom: Number(row.prev_ts), readingTo: ts });
    if (row.next_ts === null) last.set(row.meter_id, ts);
  }
  for (const anchor of anchors) {
    const meter = meterById.get(anchor.id)!;
    const before = anchor.before === null || anchor.before === undefined ? null : Number(anchor.before);
    const after = anchor.after === null || anchor.after === undefined ? null : Number(anchor.after);
    const firstIn = first.get(anchor.id);
    const lastIn = last.get(anchor.id);
    if (firstIn === undefined) {
      // No reading inside the range: one stretch from the reading before it to the one after it (or now).
      if (before !== null) raw.push({ meter, readingFrom: before, readingTo: after });
      continue;
    }
    if (before !== null && firstIn - before > GAP_MIN_MS) raw.push({ meter, readingFrom: before, readingTo: firstIn });
    raw.push({ meter, readingFrom: lastIn!, readingTo: after });
  }

  const gaps: { meter: MeterRow; from: number; to: number; readingFrom: number; readingTo: number | null }[] = [];
  for (const gap of raw) {
    const end = gap.readingTo ?? now;
    if (end - gap.readingFrom <= GAP_MIN_MS) continue;
    const gapFrom = ceilQuarter(gap.readingFrom);
    const gapTo = gap.readingTo === null ? floorQuarter(now) : floorQuarter(gap.readingTo);
    if (gapTo <= gapFrom || gapTo <= from || gapFrom >= to) continue;
    gaps.push({ meter: gap.meter, from: gapFrom, to: gapTo, readingFrom: gap.readingFrom, readingTo: gap.readingTo });
  }
  gaps.sort((a, b) => b.from - a.from || a.meter.code.localeCompare(b.meter.code));
  const shown = gaps.slice(0, MAX_GAPS);
  if (shown.length === 0) return [];

  const completions = await db
    .selectFrom('data_completions')
    .select(['id', 'meter_id', 'from_ts', 'to_ts'])
    .where('state', '=', 'active')
    .where('meter_id', 'in', [...new Set(shown.map((g) => g.meter.id))])
    .orderBy('from_ts')
    .execute();

  const answer: DataGap[] = [];
  for (const gap of shown) {
    // Split the gap at the active completions that cover part of it.
    const covering = completions.filter((c) => c.meter_id === gap.meter.id && Number(c.from_ts) < gap.to && Number(c.to_ts) > gap.from);
    const pieces: { from: number; to: number; completedBy?: number }[] = [];
    let cursor = gap.from;
    for (const c of covering) {
      const cFrom = Math.max(gap.from, Number(c.from_ts));
      const cTo = Math.min(gap.to, Number(c.to_ts));
      if (cFrom > cursor) pieces.push({ from: cursor, to: cFrom });
      pieces.push({ from: cFrom, to: cTo, completedBy: c.id });
      cursor = Math.max(cursor, cTo);
    }
    if (cursor < gap.to) pieces.push({ from: cursor, to: gap.to });
    for (const piece of pieces) {
      answer.push({
        meterId: gap.meter.id,
        meterCode: gap.meter.code,
        meterName: gap.meter.name,
        unit: gap.meter.unit,
        from: piece.from,
        to: piece.to,
        readingFrom: gap.readingFrom,
        readingTo: gap.readingTo,
        intervals: (piece.to - piece.from) / COMPLETION_INTERVAL_MS,
        energy: await storedEnergy(db, gap.meter.id, piece.from, piece.to),
        open: gap.readingTo === null,
        ...(piece.completedBy === undefined ? {} : { completedBy: piece.completedBy }),
      });
    }
  }
  return answer;
}

/** Σ stored interval energy of a meter in [from, to). */
export async function storedEnergy(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('energy_intervals')
    .select((eb) => eb.fn.sum<number | string | null>('energy').as('total'))
    .where('meter_id', '=', meterId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
