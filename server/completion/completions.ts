import type { Kysely, Transaction } from 'kysely';
import {
  COMPLETION_INTERVAL_MS,
  dataCompletionBodySchema,
  type dataCompletionQuerySchema,
  type CompletionInterval,
  type CompletionMethod,
  type CompletionPreview,
  type CompletionState,
  type DataCompletion,
  type DataCompletionPage,
} from '@shared/schemas/completion';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { recordAudit } from '../energy/auditTrail';
import { AppError, validationError } from '../http/appError';
import { EnergyLedger } from '../ingest/energyLedger';
import type { MeterDirectory, MeterEntry } from '../ingest/meterDirectory';
import { upsertEnergy } from '../ingest/readingWriter';
import { localPeriods } from '../metering/calendar';
import { registerStep } from '../metering/registerDelta';
import { inScope, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { fromMilli } from '@shared/metering';

export type CompletionBody = z.output<typeof dataCompletionBodySchema>;

const WEEK_MS = 7 * 86_400_000;
/** The audit entity of completions. */
export const COMPLETION_ENTITY = 'data_completion';

interface RegisterPoint {
  ts: number;
  value: number;
}

interface MeterRow {
  id: number;
  code: string;
  name: string;
  unit: string;
  owner_user_id: number;
}

/** Rounds for the basis sentence only; stored figures are never rounded. */
const shown = (value: number): string => String(Number(value.toFixed(6)));

/**
 * Completing gaps in a meter's data: the new interval energies by method, written in one
 * transaction through the energy ledger (intervals, rollups, band rollups with their estimated part), with
 * interval_estimates rows, the data_completions row and an audit entry; undo restores the stored figures
 * exactly. See README.md for the methods and the rules.
 */
export class DataCompletions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly directory: MeterDirectory,
    private readonly timeZone: string,
  ) {}

  /** What `create` would write, without writing. */
  async preview(body: CompletionBody, scope: OwnerScope, now = Date.now()): Promise<CompletionPreview> {
    const meter = await this.meterInScope(body.meterId, scope);
    return this.compute(this.db, meter, await this.meterEntry(meter.id), body, now);
  }

  async create(body: CompletionBody, scope: OwnerScope, userId: number, now = Date.now()): Promise<DataCompletion> {
    const meter = await this.meterInScope(body.meterId, scope);
    const entry = await this.meterEntry(meter.id);
    const id = await this.db.transaction().execute(async (trx) => {
      const preview = await this.compute(trx, meter, entry, body, now);
      await this.assertMonthsOpen(trx, meter, preview.intervals);
      const ledger = new EnergyLedger(this.timeZone);
      for (const { start, before, after } of preview.intervals) {
        if (before !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, -before, false);
        if (after !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, after, true);
      }
      await upsertEnergy(trx, ledger);
      // The ledger adds deltas; the interval rows are then set to exactly the completed figures (no float dust).
      await setIntervals(
        trx,
        meter.id,
        preview.intervals.map((i) => ({ start: i.start, energy: i.after })),
      );
      const inserted = await trx
        .insertInto('data_completions')
        .values({
          owner_user_id: meter.owner_user_id,
          meter_id: meter.id,
          from_ts: body.from,
          to_ts: body.to,
          method: body.method,
          intervals: JSON.stringify(preview.intervals),
          energy_before: preview.energyBefore,
          energy_after: preview.energyAfter,
          note: body.note,
          created_by: userId,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const completionId = Number(inserted.id);
      for (const chunk of chunks(preview.intervals)) {
        await trx
          .insertInto('interval_estimates')
          .values(chunk.map((i) => ({ meter_id: meter.id, start: i.start, energy: i.after, completion_id: completionId })))
          .execute();
      }
      await recordAudit(trx, {
        userId,
        action: 'complete',
        entity: COMPLETION_ENTITY,
        entityId: completionId,
        detail: {
          meter: meter.code,
          from: body.from,
          to: body.to,
          method: body.method,
          basis: preview.basis,
          intervals: preview.intervals.length,
          energyBefore: preview.energyBefore,
          energyAfter: preview.energyAfter,
          note: body.note,
        },
      });
      return completionId;
    });
    return this.get(id, scope);
  }

  /** Undo: every interval back to exactly its `before`; the completion stays in the history as undone. */
  async undo(id: number, scope: OwnerScope, userId: number, now = Date.now()): Promise<DataCompletion> {
    // The meter directory may query the database: never from inside the transaction (SQLite has one connection).
    const found = await this.db.selectFrom('data_completions').select(['meter_id', 'owner_user_id']).where('id', '=', id).executeTakeFirst();
    if (!found || !inScope(scope, found.owner_user_id)) throw notFound(id);
    const entry = await this.meterEntry(found.meter_id);
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('data_completions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || !inScope(scope, row.owner_user_id)) throw notFound(id);
      if (row.state !== 'active') throw validationError([{ field: 'id', rule: 'custom', message: `This completion was already ${row.state}` }]);
      const meter = await this.meterRow(trx, row.meter_id);
      const intervals = JSON.parse(row.intervals) as CompletionInterval[];
      await this.assertMonthsOpen(trx, meter, intervals);
      const ledger = new EnergyLedger(this.timeZone);
      for (const { start, before, after } of intervals) {
        if (after !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, -after, true);
        if (before !== 0) ledger.add(entry, start, start + COMPLETION_INTERVAL_MS, before, false);
      }
      await upsertEnergy(trx, ledger);
      await setIntervals(
        trx,
        row.meter_id,
        intervals.map((i) => ({ start: i.start, energy: i.before })),
      );
      await trx.deleteFrom('interval_estimates').where('completion_id', '=', id).execute();
      await trx.updateTable('data_completions').set({ state: 'undone', undone_by: userId, undone_at: now }).where('id', '=', id).execute();
      await recordAudit(trx, {
        userId,
        action: 'undo',
        entity: COMPLETION_ENTITY,
        entityId: id,
        detail: { meter: meter.code, from: Number(row.from_ts), to: Number(row.to_ts), energyBefore: row.energy_before, energyAfter: row.energy_after },
      });
    });
    return this.get(id, scope);
  }

  async get(id: number, scope: OwnerScope): Promise<DataCompletion> {
    const row = await withDetails(this.db).where('c.id', '=', id).executeTakeFirst();
    if (!row || !inScope(scope, row.owner_user_id)) throw notFound(id);
    return toCompletion(row);
  }

  async list(query: z.output<typeof dataCompletionQuerySchema>, owners: number[] | null): Promise<DataCompletionPage> {
    let scoped = withDetails(this.db);
    if (owners) scoped = scoped.where('c.owner_user_id', 'in', owners);
    if (query.meterId !== undefined) scoped = scoped.where('c.meter_id', '=', query.meterId);
    if (query.state !== undefined) scoped = scoped.where('c.state', '=', query.state);
    if (query.from !== undefined) scoped = scoped.where('c.to_ts', '>', query.from);
    if (query.to !== undefined) scoped = scoped.where('c.from_ts', '<=', query.to);
    const counted = await scoped
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await scoped
      .orderBy('c.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted.n), rows: rows.map(toCompletion) };
  }

  // ---- computing ----

  /** `entry` is resolved before any transaction: the meter directory may query the database. */
  private async compute(db: Kysely<Database>, meter: MeterRow, entry: MeterEntry, body: CompletionBody, now: number): Promise<CompletionPreview> {
    const { from, to } = body;
    if (to > now) throw validationError([{ field: 'to', rule: 'custom', message: 'must not be in the future: complete intervals that have ended' }]);
    const count = (to - from) / COMPLETION_INTERVAL_MS;
    const starts = Array.from({ length: count }, (_, i) => from + i * COMPLETION_INTERVAL_MS);

    const inside = await db
      .selectFrom('readings')
      .select('ts')
      .where('meter_id', '=', meter.id)
      .where('ts', '>', from)
      .where('ts', '<', to)
      .where('register_milli', 'is not', null)
      .orderBy('ts')
      .limit(1)
      .executeTakeFirst();
    if (inside) {
      throw validationError([
        {
          field: 'from',
          rule: 'custom',
          message: `The range holds a register reading (at ${new Date(Number(inside.ts)).toISOString()}): complete a gap between readings`,
        },
      ]);
    }
    const overlapping = await db
      .selectFrom('data_completions')
      .select('id')
      .where('meter_id', '=', meter.id)
      .where('state', '=', 'active')
      .where('from_ts', '<', to)
      .where('to_ts', '>', from)
      .executeTakeFirst();
    if (overlapping) throw validationError([{ field: 'from', rule: 'custom', message: `The range overlaps completion ${overlapping.id}: undo it first` }]);

    const before = await intervalEnergies(db, meter.id, from, to);
    const [previous, next] = await registerAround(db, meter.id, from, to);
    const span = previous && next ? registerEnergy(entry, previous, next) : null;

    let values: number[];
    let basis: string;
    const method: CompletionMethod = body.method;
    if (method === 'manual') {
      values = body.values!.slice();
      basis = 'manual values';
    } else if (method === 'linear') {
      if (span) {
        // The register difference across the gap spread evenly by time: the share of each whole interval.
        const perInterval = (span.energy * COMPLETION_INTERVAL_MS) / (span.to - span.from);
        values = starts.map(() => perInterval);
        basis = `register difference ${shown(span.energy)} ${meter.unit} from ${iso(span.from)} to ${iso(span.to)} spread evenly`;
      } else {
        if (next)
          throw validationError([
            {
              field: 'method',
              rule: 'custom',
              message: 'The register readings around the range give no energy (reset or no earlier reading): use manual values',
            },
          ]);
        // Open gap (the meter is silent): the average rate of the 7 days before the gap, times the time.
        const week = await intervalEnergies(db, meter.id, from - WEEK_MS, from);
        const total = [...week.values()].reduce((sum, e) => sum + e, 0);
        const perInterval = (total * COMPLETION_INTERVAL_MS) / WEEK_MS;
        values = starts.map(() => perInterval);
        basis = `average rate of the 7 days before: ${shown(total)} ${meter.unit} per week, ${shown(perInterval)} ${meter.unit} per 15 minutes`;
      }
    } else {
      if (next && !span)
        throw validationError([
          {
            field: 'method',
            rule: 'custom',
            message: 'The register readings around the range give no energy (reset or no earlier reading): use manual values',
          },
        ]);
      const earlier = await intervalEnergies(db, meter.id, from - WEEK_MS, to - WEEK_MS);
      const base = starts.map((start) => earlier.get(start - WEEK_MS) ?? 0);
      const baseTotal = base.reduce((sum, e) => sum + e, 0);
      if (span) {
        const target = (span.energy * (to - from)) / (span.to - span.from);
        if (baseTotal > 0) {
          values = base.map((e) => (e * target) / baseTotal);
          basis = `same intervals 7 days earlier (${shown(baseTotal)} ${meter.unit}) scaled to the register difference's share ${shown(target)} ${meter.unit}`;
        } else {
          values = starts.map(() => target / count);
          basis = `nothing stored 7 days earlier: the register difference's share ${shown(target)} ${meter.unit} spread evenly`;
        }
      } else {
        values = base;
        basis = `same intervals 7 days earlier (${shown(baseTotal)} ${meter.unit}), as stored`;
      }
    }
    const intervals = starts.map((start, i) => ({ start, before: before.get(start) ?? 0, after: values[i]! }));
    return {
      meterId: meter.id,
      from,
      to,
      method,
      basis,
      intervals,
      energyBefore: intervals.reduce((sum, i) => sum + i.before, 0),
      energyAfter: intervals.reduce((sum, i) => sum + i.after, 0),
    };
  }

  /** PERIOD_CLOSED when an interval lies in a month the meter's tree has closed in settlement. */
  private async assertMonthsOpen(trx: Kysely<Database>, meter: MeterRow, intervals: { start: number }[]): Promise<void> {
    const months = [...new Set(intervals.map((i) => localPeriods(i.start, this.timeZone).month))];
    if (months.length === 0) return;
    const tree = await ownerTreeOf(trx, meter.owner_user_id);
    const closed = await trx
      .selectFrom('settlement_snapshots')
      .select('month')
      .where('state', '=', 'closed')
      .where('month', 'in', months)
      .where('owner_user_id', 'in', [...tree.owners, meter.owner_user_id])
      .executeTakeFirst();
    if (closed)
      throw new AppError('PERIOD_CLOSED', { message: `${closed.month} is closed for settlement; reopen it with a reason before changing its figures` });
  }

  private async meterInScope(meterId: number, scope: OwnerScope): Promise<MeterRow> {
    const row = await this.meterRow(this.db, meterId);
    if (!inScope(scope, row.owner_user_id)) throw meterNotFound(meterId);
    return row;
  }

  private async meterRow(db: Kysely<Database>, meterId: number): Promise<MeterRow> {
    const row = await db.selectFrom('meters').select(['id', 'code', 'name', 'unit', 'owner_user_id']).where('id', '=', meterId).executeTakeFirst();
    if (!row) throw meterNotFound(meterId);
    return row;
  }

  private async meterEntry(meterId: number): Promise<MeterEntry> {
    const entry = (await this.directory.get()).meterById.get(meterId);
    if (!entry) throw meterNotFound(meterId);
    return entry;
  }
}

/** Primary energy between two register readings (multipliers, rollover), or null for a reset or an implausible step. */
function registerEnergy(entry: MeterEntry, previous: RegisterPoint, next: RegisterPoint): { from: number; to: number; energy: number } | null {
  const step = registerStep(previous, next, entry.profile);
  return step.kind === 'energy' ? { from: step.from, to: step.to, energy: step.energy } : null;
}

const meterNotFound = (id: number) => new AppError('NOT_FOUND', { message: `Meter ${id} does not exist` });
const notFound = (id: number) => new AppError('NOT_FOUND', { message: `Completion ${id} was not found` });
const iso = (ts: number) => new Date(ts).toISOString().replace('.000Z', 'Z');

/** Stored interval energy of a meter in [from, to), by interval start. */
export async function intervalEnergies(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('energy_intervals')
    .select(['start', 'energy'])
    .where('meter_id', '=', meterId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .execute();
  return new Map(rows.map((r) => [Number(r.start), r.energy]));
}

/** The register readings at or before `from` and at or after `to` (either may be missing). */
export async function registerAround(db: Kysely<Database>, meterId: number, from: number, to: number): Promise<[RegisterPoint | null, RegisterPoint | null]> {
  const point = (row: { ts: number; register_milli: number | null } | undefined): RegisterPoint | null =>
    row && row.register_milli !== null ? { ts: Number(row.ts), value: fromMilli(Number(row.register_milli)) } : null;
  const previous = await db
    .selectFrom('readings')
    .select(['ts', 'register_milli'])
    .where('meter_id', '=', meterId)
    .where('ts', '<=', from)
    .where('register_milli', 'is not', null)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  const next = await db
    .selectFrom('readings')
    .select(['ts', 'register_milli'])
    .where('meter_id', '=', meterId)
    .where('ts', '>=', to)
    .where('register_milli', 'is not', null)
    .orderBy('ts', 'asc')
    .limit(1)
    .executeTakeFirst();
  return [point(previous), point(next)];
}

/** Sets interval rows to exact figures; a zero where nothing was stored leaves no row. */
export async function setIntervals(trx: Transaction<Database> | Kysely<Database>, meterId: number, rows: { start: number; energy: number }[]): Promise<void> {
  const zero = rows.filter((r) => r.energy === 0).map((r) => r.start);
  const set = rows.filter((r) => r.energy !== 0);
  for (const chunk of chunks(zero)) await trx.deleteFrom('energy_intervals').where('meter_id', '=', meterId).where('start', 'in', chunk).execute();
  for (const chunk of chunks(set)) {
    await trx
      .insertInto('energy_intervals')
      .values(chunk.map((r) => ({ meter_id: meterId, start: r.start, energy: r.energy })))
      .onConflict((oc) => oc.columns(['meter_id', 'start']).doUpdateSet((eb) => ({ energy: eb.ref('excluded.energy') })))
      .execute();
  }
}

function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function withDetails(db: Kysely<Database>) {
  return db
    .selectFrom('data_completions as c')
    .innerJoin('meters as m', 'm.id', 'c.meter_id')
    .leftJoin('users as cu', 'cu.id', 'c.created_by')
    .leftJoin('users as uu', 'uu.id', 'c.undone_by')
    .selectAll('c')
    .select(['m.code', 'm.name', 'm.unit', 'cu.username as created_by_name', 'uu.username as undone_by_name']);
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>;

function toCompletion(row: DetailRow): DataCompletion {
  return {
    _id: row.id,
    meter: { id: row.meter_id, code: row.code, name: row.name, unit: row.unit },
    from: Number(row.from_ts),
    to: Number(row.to_ts),
    method: row.method,
    intervals: JSON.parse(row.intervals) as CompletionInterval[],
    energyBefore: row.energy_before,
    energyAfter: row.energy_after,
    state: row.state as CompletionState,
    note: row.note,
    createdBy: row.created_by_name ?? null,
    createdAt: Number(row.created_at),
    undoneBy: row.undone_by_name ?? null,
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
    replacedAt: row.replaced_at === null ? null : Number(row.replaced_at),
  };
}
