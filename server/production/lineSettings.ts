import type { Kysely } from 'kysely';
import type { FieldIssue } from '@shared/errors';
import type { BaselineChoice, LineMeter } from '@shared/production/api';
import type { Database } from '../db/schema';
import { validationError } from '../http/appError';
import { ownerIds, ownerTreeOf } from '../tenancy/ownerScope';
import type { LineRow } from './lineData';

/** Ratios are compared with a little room, so 0.6 + 0.4 is 1 (binary fractions sum to 1.0000000000000002). */
const RATIO_EPSILON = 1e-9;

/** The meters feeding a line, with the share each already gives to other lines. */
export async function lineMeters(db: Kysely<Database>, lineId: number): Promise<LineMeter[]> {
  const rows = await db
    .selectFrom('product_line_meters')
    .innerJoin('meters', 'meters.id', 'product_line_meters.meter_id')
    .select(['meters.id', 'meters.code', 'meters.name', 'meters.energy_type', 'product_line_meters.ratio'])
    .where('product_line_meters.line_id', '=', lineId)
    .orderBy('meters.code')
    .execute();
  const others = await otherLinesRatio(
    db,
    lineId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    meterId: row.id,
    code: row.code,
    name: row.name,
    energyType: row.energy_type,
    ratio: Number(row.ratio),
    otherLines: others.get(row.id) ?? 0,
  }));
}

async function otherLinesRatio(db: Kysely<Database>, lineId: number, meterIds: readonly number[]): Promise<Map<number, number>> {
  if (meterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_line_meters')
    .select(['meter_id', 'ratio'])
    .where('meter_id', 'in', [...meterIds])
    .where('line_id', '!=', lineId)
    .execute();
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row.meter_id, (sums.get(row.meter_id) ?? 0) + Number(row.ratio));
  return sums;
}

/**
 * Replaces a line's meters. Each meter must be in the line's tree and measure the line's energy type, once in the
 * list, and its ratios over all lines may add up to at most 1 (a meter's energy is never counted twice).
 */
export async function putLineMeters(db: Kysely<Database>, line: LineRow, meters: readonly { meterId: number; ratio: number }[]): Promise<LineMeter[]> {
  const owners = ownerIds(await ownerTreeOf(db, line.owner_user_id)) ?? [-1];
  const ids = meters.map((m) => m.meterId);
  const known = ids.length
    ? await db.selectFrom('meters').select(['id', 'code', 'energy_type']).where('id', 'in', ids).where('owner_user_id', 'in', owners).execute()
    : [];
  const byId = new Map(known.map((m) => [m.id, m]));
  const others = await otherLinesRatio(db, line.id, ids);
  const issues: FieldIssue[] = [];
  const seen = new Set<number>();
  meters.forEach((entry, i) => {
    const meter = byId.get(entry.meterId);
    const field = `meters.${i}`;
    if (!meter) issues.push({ field: `${field}.meterId`, rule: 'exists', message: `${entry.meterId} does not exist` });
    else if (seen.has(entry.meterId)) issues.push({ field: `${field}.meterId`, rule: 'unique', message: `Meter ${meter.code} is listed twice` });
    else if (meter.energy_type !== line.energy_type)
      issues.push({
        field: `${field}.meterId`,
        rule: 'energyType',
        message: `Meter ${meter.code} measures ${meter.energy_type}; this line counts ${line.energy_type}`,
      });
    else {
      const elsewhere = others.get(entry.meterId) ?? 0;
      if (elsewhere + entry.ratio > 1 + RATIO_EPSILON)
        issues.push({
          field: `${field}.ratio`,
          rule: 'total',
          message: `Meter ${meter.code} already gives ${elsewhere} of its energy to other lines: this line may take at most ${Math.max(0, 1 - elsewhere)}`,
        });
    }
    seen.add(entry.meterId);
  });
  if (issues.length) throw validationError(issues);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('product_line_meters').where('line_id', '=', line.id).execute();
    if (meters.length)
      await trx
        .insertInto('product_line_meters')
        .values(meters.map((m) => ({ line_id: line.id, meter_id: m.meterId, ratio: m.ratio })))
        .execute();
  });
  return lineMeters(db, line.id);
}

export async function baselineOf(db: Kysely<Database>, lineId: number): Promise<BaselineChoice | null> {
  const row = await db.selectFrom('production_baselines').selectAll().where('line_id', '=', lineId).executeTakeFirst();
  return row ? { lineId, from: row.from_day, to: row.to_day, updatedAt: Number(row.updated_at) } : null;
}

export async function saveBaseline(db: Kysely<Database>, lineId: number, choice: { from: string; to: string }, userId: number): Promise<BaselineChoice> {
  const values = { from_day: choice.from, to_day: choice.to, updated_by: userId, updated_at: Date.now() };
  await db
    .insertInto('production_baselines')
    .values({ line_id: lineId, ...values })
    .onConflict((oc) => oc.column('line_id').doUpdateSet(values))
    .execute();
  return (await baselineOf(db, lineId))!;
}
