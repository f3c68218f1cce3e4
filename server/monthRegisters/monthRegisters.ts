import type { Kysely } from 'kysely';
import { fromMilli } from '@shared/metering';
import { BAND_TYPES, type BandType } from '@shared/tariffs/bands';
import type {
  MonthRegisterAnswer,
  MonthRegisterBand,
  MonthRegisterEdit,
  MonthRegisterNote,
  MonthRegisterQuery,
  MonthRegisterRow,
  MonthRegisterTyped,
  RegisterSource,
} from '@shared/schemas/monthRegisters';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { recordAudit } from '../energy/auditTrail';
import { addMonths } from '../metering/calendar';
import { departmentWithDescendants } from '../pushes/departmentScope';
import { assertMonthsOpen } from '../settlement/closedMonths';
import { inScope, ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { lastDayOf, monthBounds } from './monthInstants';

/** A register that wrapped was in the top tenth of its range and is now in the bottom tenth (as ingest reads it). */
const WRAP_ZONE = 0.1;
/** Register energy and rollup energy agree when they differ by at most this share of the larger… */
const RELATIVE_TOLERANCE = 0.005;
/** …or by a thousandth of a register unit (the stored resolution) times the multiplier. */
const REGISTER_RESOLUTION = 0.001;
export const MONTH_REGISTER_AUDIT_ACTION = 'month-register';

interface MeterRow {
  id: number;
  owner_user_id: number;
  code: string;
  name: string;
  gateway_id: number | null;
  department_id: number | null;
  department_name: string | null;
  energy_type: string;
  unit: string;
  ct_ratio: number;
  pt_ratio: number;
  register_max: number;
}

interface Reading {
  ts: number;
  value: number;
}

/**
 * The monthly meter register record (shared/schemas/monthRegisters.ts): registers from the stored readings or
 * typed in for manually read meters, checked against the month's energy rollup, with the month's band energy.
 * Months are local months in TIME_ZONE; the month owns the instants [first instant, next month's first instant).
 */
export class MonthRegisters {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  async list(query: MonthRegisterQuery, scope: OwnerScope, meterIds?: readonly number[]): Promise<MonthRegisterAnswer> {
    const { month } = query;
    const { from, to } = monthBounds(month, this.timeZone);
    const meters = await this.meters(scope, query.departmentId, meterIds);
    const ids = meters.map((meter) => meter.id);
    const [rollups, estimates, bands, replaced, quarantined, typed, carried] = await Promise.all([
      this.rollups(ids, month),
      this.estimates(ids, from, to),
      this.bands(ids, month),
      this.replaced(ids, from, to),
      this.quarantined(ids, from, to),
      this.typed(ids, month),
      this.typed(ids, addMonths(month, -1)),
    ]);
    const rows: MonthRegisterRow[] = [];
    for (const meter of meters) {
      const notes = new Set<MonthRegisterNote>();
      const multiplier = meter.ct_ratio * meter.pt_ratio;
      let start: { value: number; at: number | null; source: RegisterSource } | null = null;
      let end: { value: number; at: number | null; source: RegisterSource } | null = null;
      const atStart = await this.lastReading(meter.id, from);
      const atEnd = await this.lastReading(meter.id, to);
      if (atStart) start = { value: atStart.value, at: atStart.ts, source: 'reading' };
      else {
        const first = await this.firstReading(meter.id, from, to);
        if (first) {
          start = { value: first.value, at: first.ts, source: 'reading' };
          notes.add('lateStart');
        }
      }
      if (atEnd) end = { value: atEnd.value, at: atEnd.ts, source: 'reading' };
      if (!atEnd) notes.add('noReadings');
      const own = typed.get(meter.id) ?? null;
      if (own?.startRegister !== null && own?.startRegister !== undefined) start = { value: own.startRegister, at: null, source: 'typed' };
      if (own?.endRegister !== null && own?.endRegister !== undefined) end = { value: own.endRegister, at: null, source: 'typed' };
      const previousEnd = carried.get(meter.id)?.endRegister;
      if (!start && previousEnd !== null && previousEnd !== undefined) start = { value: previousEnd, at: null, source: 'previousMonth' };
      if (start && end) notes.delete('noReadings');

      let registerEnergy: number | null = null;
      if (start && end) {
        let raw = end.value - start.value;
        if (raw < 0) {
          const wrapped = start.value >= meter.register_max * (1 - WRAP_ZONE) && end.value <= meter.register_max * WRAP_ZONE;
          if (wrapped) {
            raw += meter.register_max;
            notes.add('rollover');
          } else notes.add('reset');
        }
        registerEnergy = raw * multiplier;
      }
      const rollupEnergy = rollups.get(meter.id) ?? 0;
      const estimatedEnergy = estimates.get(meter.id) ?? 0;
      if (replaced.has(meter.id)) notes.add('replacement');
      if (quarantined.has(meter.id)) notes.add('quarantine');
      if (estimatedEnergy !== 0) notes.add('estimated');
      const difference = registerEnergy === null ? null : registerEnergy - rollupEnergy;
      const tolerance = Math.max(REGISTER_RESOLUTION * multiplier, RELATIVE_TOLERANCE * Math.max(Math.abs(registerEnergy ?? 0), Math.abs(rollupEnergy)));
      rows.push({
        meterId: meter.id,
        code: meter.code,
        name: meter.name,
        departmentId: meter.department_id,
        departmentName: meter.department_name,
        energyType: meter.energy_type,
        unit: meter.unit,
        ctRatio: meter.ct_ratio,
        ptRatio: meter.pt_ratio,
        multiplier,
        manual: meter.gateway_id === null,
        startRegister: start?.value ?? null,
        startAt: start?.at ?? null,
        startSource: start?.source ?? null,
        endRegister: end?.value ?? null,
        endAt: end?.at ?? null,
        endSource: end?.source ?? null,
        registerEnergy,
        rollupEnergy,
        estimatedEnergy,
        difference,
        mismatch: difference !== null && Math.abs(difference) > tolerance,
        notes: [...notes],
        bands: bands.get(meter.id) ?? [],
        typed: own,
      });
    }
    return { month, from, to, rows };
  }

  /** Types in (or, both null, clears) the registers of a manually read meter for a month; audited. */
  async edit(body: MonthRegisterEdit, scope: OwnerScope, userId: number): Promise<MonthRegisterRow> {
    const meter = await this.db
      .selectFrom('meters')
      .select(['id', 'owner_user_id', 'gateway_id', 'register_max'])
      .where('id', '=', body.meterId)
      .executeTakeFirst();
    if (!meter || !inScope(scope, meter.owner_user_id)) throw new AppError('NOT_FOUND', { message: `meter ${body.meterId} was not found` });
    if (meter.gateway_id !== null) {
      throw validationError([
        {
          field: 'meterId',
          rule: 'manual',
          message: 'Only a manually read meter (one without a gateway) takes typed registers; this one is read through its gateway',
        },
      ]);
    }
    for (const field of ['startRegister', 'endRegister'] as const) {
      const value = body[field];
      if (value !== null && value >= meter.register_max)
        throw validationError([{ field, rule: 'max', message: `The register must be below the meter's register maximum (${meter.register_max})` }]);
    }
    await this.db.transaction().execute(async (trx) => {
      await assertMonthsOpen(trx, meter.owner_user_id, `${body.month}-01`, lastDayOf(body.month));
      const before = await trx
        .selectFrom('month_registers')
        .select(['start_register', 'end_register', 'reason'])
        .where('meter_id', '=', meter.id)
        .where('month', '=', body.month)
        .where('band', '=', body.band)
        .executeTakeFirst();
      const now = Date.now();
      if (body.startRegister === null && body.endRegister === null) {
        await trx.deleteFrom('month_registers').where('meter_id', '=', meter.id).where('month', '=', body.month).where('band', '=', body.band).execute();
      } else {
        const values = { start_register: body.startRegister, end_register: body.endRegister, edited_by: userId, edited_at: now, reason: body.reason };
        await trx
          .insertInto('month_registers')
          .values({ meter_id: meter.id, month: body.month, band: body.band, ...values })
          .onConflict((oc) => oc.columns(['meter_id', 'month', 'band']).doUpdateSet(values))
          .execute();
      }
      await recordAudit(trx, {
        userId,
        action: MONTH_REGISTER_AUDIT_ACTION,
        entity: 'meter',
        entityId: meter.id,
        detail: {
          month: body.month,
          band: body.band,
          reason: body.reason,
          before: before ? { startRegister: before.start_register, endRegister: before.end_register, reason: before.reason } : null,
          after: body.startRegister === null && body.endRegister === null ? null : { startRegister: body.startRegister, endRegister: body.endRegister },
        },
      });
    });
    const [row] = (await this.list({ month: body.month }, scope, [meter.id])).rows;
    if (!row) throw new AppError('INTERNAL');
    return row;
  }

  private async meters(scope: OwnerScope, departmentId: number | undefined, meterIds?: readonly number[]): Promise<MeterRow[]> {
    let select = this.db
      .selectFrom('meters')
      .leftJoin('departments', 'departments.id', 'meters.department_id')
      .select([
        'meters.id',
        'meters.owner_user_id',
        'meters.code',
        'meters.name',
        'meters.gateway_id',
        'meters.department_id',
        'departments.name as department_name',
        'meters.energy_type',
        'meters.unit',
        'meters.ct_ratio',
        'meters.pt_ratio',
        'meters.register_max',
      ]);
    const owners = ownerIds(scope);
    if (owners) select = select.where('meters.owner_user_id', 'in', owners);
    if (departmentId !== undefined) select = select.where('meters.department_id', 'in', [...(await departmentWithDescendants(this.db, departmentId)), -1]);
    if (meterIds) select = select.where('meters.id', 'in', [...meterIds, -1]);
    return select.orderBy('meters.code').orderBy('meters.id').execute();
  }

  private async lastReading(meterId: number, atOrBefore: number): Promise<Reading | null> {
    const row = await this.db
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', '<=', atOrBefore)
      .where('register_milli', 'is not', null)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && row.register_milli !== null ? { ts: Number(row.ts), value: fromMilli(row.register_milli) } : null;
  }

  private async firstReading(meterId: number, after: number, atOrBefore: number): Promise<Reading | null> {
    const row = await this.db
      .selectFrom('readings')
      .select(['ts', 'register_milli'])
      .where('meter_id', '=', meterId)
      .where('ts', '>', after)
      .where('ts', '<=', atOrBefore)
      .where('register_milli', 'is not', null)
      .orderBy('ts')
      .limit(1)
      .executeTakeFirst();
    return row && row.register_milli !== null ? { ts: Number(row.ts), value: fromMilli(row.register_milli) } : null;
  }

  private async rollups(ids: number[], month: string): Promise<Map<number, number>> {
    const sums = new Map<number, number>();
    if (ids.length === 0) return sums;
    const rows = await this.db
      .selectFrom('energy_rollups')
      .select(['scope_id', 'energy'])
      .where('scope', '=', 'meter')
      .where('grain', '=', 'month')
      .where('period', '=', month)
      .where('scope_id', 'in', ids)
      .execute();
    for (const row of rows) sums.set(row.scope_id, (sums.get(row.scope_id) ?? 0) + Number(row.energy));
    return sums;
  }

  private async estimates(ids: number[], from: number, to: number): Promise<Map<number, number>> {
    const sums = new Map<number, number>();
    if (ids.length === 0) return sums;
    const rows = await this.db
      .selectFrom('interval_estimates')
      .select(['meter_id', (eb) => eb.fn.sum<number>('energy').as('energy')])
      .where('meter_id', 'in', ids)
      .where('start', '>=', from)
      .where('start', '<', to)
      .groupBy('meter_id')
      .execute();
    for (const row of rows) sums.set(row.meter_id, Number(row.energy));
    return sums;
  }

  /** The month's band energy per meter, summed over tariff versions and seasons, in band order. */
  private async bands(ids: number[], month: string): Promise<Map<number, MonthRegisterBand[]>> {
    const byMeter = new Map<number, MonthRegisterBand[]>();
    if (ids.length === 0) return byMeter;
    const rows = await this.db
      .selectFrom('band_rollups')
      .select(['scope_id', 'band', (eb) => eb.fn.sum<number>('energy').as('energy'), (eb) => eb.fn.sum<number>('estimated').as('estimated')])
      .where('scope', '=', 'meter')
      .where('grain', '=', 'month')
      .where('period', '=', month)
      .where('scope_id', 'in', ids)
      .groupBy(['scope_id', 'band'])
      .execute();
    for (const row of rows) {
      const list = byMeter.get(row.scope_id) ?? [];
      list.push({ band: row.band as BandType, energy: Number(row.energy), estimated: Number(row.estimated) });
      byMeter.set(row.scope_id, list);
    }
    for (const list of byMeter.values()) list.sort((a, b) => BAND_TYPES.indexOf(a.band) - BAND_TYPES.indexOf(b.band));
    return byMeter;
  }

  private async replaced(ids: number[], from: number, to: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('meter_replacements')
      .select('meter_id')
      .where('meter_id', 'in', ids)
      .where('replaced_at', '>', from)
      .where('replaced_at', '<=', to)
      .execute();
    return new Set(rows.map((row) => row.meter_id));
  }

  /** Meters with a step of the month held, discarded or corrected (an accepted step counts as read). */
  private async quarantined(ids: number[], from: number, to: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('quarantine')
      .select('meter_id')
      .where('meter_id', 'in', ids)
      .where('from_ts', '<', to)
      .where('to_ts', '>', from)
      .where('status', '<>', 'accepted')
      .execute();
    return new Set(rows.map((row) => row.meter_id));
  }

  private async typed(ids: number[], month: string): Promise<Map<number, MonthRegisterTyped>> {
    const byMeter = new Map<number, MonthRegisterTyped>();
    if (ids.length === 0) return byMeter;
    const rows = await this.db
      .selectFrom('month_registers')
      .leftJoin('users', 'users.id', 'month_registers.edited_by')
      .select([
        'month_registers.meter_id',
        'month_registers.start_register',
        'month_registers.end_register',
        'month_registers.reason',
        'month_registers.edited_at',
        'users.username',
      ])
      .where('month_registers.meter_id', 'in', ids)
      .where('month_registers.month', '=', month)
      .where('month_registers.band', '=', 'total')
      .execute();
    for (const row of rows)
      byMeter.set(row.meter_id, {
        startRegister: row.start_register,
        endRegister: row.end_register,
        reason: row.reason,
        editedBy: row.username ?? null,
        editedAt: Number(row.edited_at),
      });
    return byMeter;
  }
}
