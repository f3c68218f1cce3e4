import type { Kysely } from 'kysely';
import { BAND_TYPES } from '@shared/tariffs';
import type {
  SettlementClose,
  SettlementDiffEntry,
  SettlementFigures,
  SettlementLine,
  SettlementQuery,
  SettlementTariffVersion,
} from '@shared/schemas/settlement';
import { settlementQuerySchema } from '@shared/schemas/settlement';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { validationError } from '../http/appError';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { computeSettlement, totalsOf, type Owners } from './settlementFigures';
import { basePeriod, lastMonthIn, monthRange, wholeMonthOf } from './periods';

/** What a snapshot holds: the month's figures per department and per meter, frozen when it was closed. */
interface SnapshotFigures {
  department: SettlementFigures;
  meter: SettlementFigures;
}

const DUST = 1e-9;

/** The owners a caller's live figures cover: its tree, or every tree for an administrator. */
export const ownersOf = (scope: OwnerScope): Owners => ownerIds(scope) ?? 'all';

/**
 * Month closes: a close freezes the month's settlement of the caller's tree (scope.home's tree) as version n+1
 * with a diff against version n; a reopen (with a reason) marks that version reopened, so the month is live
 * again until it is closed once more. At most one version of a month is `closed` at a time.
 */
export class SettlementCloses {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {}

  /** The settlement a screen asks for: a closed month answers its snapshot (and says so), anything else live figures. */
  async figures(scope: OwnerScope, input: z.output<typeof settlementQuerySchema>): Promise<SettlementFigures> {
    const { from, to } = input.month ? monthRange(input.month) : { from: input.from!, to: input.to! };
    if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > 366 * 86_400_000)
      throw new AppError('TIME_OUT_OF_RANGE', { message: 'to: a settlement period is at most 366 days' });
    const figures = await this.periodFigures(scope, input, from, to);
    if (!input.compare) return figures;
    const base = basePeriod(from, to, input.compare);
    const before = await this.periodFigures(scope, input, base.from, base.to);
    const baseLines = new Map(before.lines.map((line) => [line.key, line]));
    const baseTotals = new Map(before.totals.map((total) => [total.energyType, total]));
    const delta = (energy: number, cost: number, nowEnergy: number, nowCost: number) => ({
      totalEnergy: energy,
      totalCostMinor: cost,
      deltaEnergy: Math.abs(nowEnergy - energy) < DUST ? 0 : nowEnergy - energy,
      deltaCostMinor: nowCost - cost,
    });
    for (const line of figures.lines) {
      const b = baseLines.get(line.key);
      line.base = delta(b?.totalEnergy ?? 0, b?.totalCostMinor ?? 0, line.totalEnergy, line.totalCostMinor);
    }
    for (const total of figures.totals) {
      const b = baseTotals.get(total.energyType);
      total.base = delta(b?.totalEnergy ?? 0, b?.totalCostMinor ?? 0, total.totalEnergy, total.totalCostMinor);
    }
    figures.compare = { mode: input.compare, ...base };
    return figures;
  }

  private async periodFigures(scope: OwnerScope, input: z.output<typeof settlementQuerySchema>, from: string, to: string): Promise<SettlementFigures> {
    const month = wholeMonthOf(from, to);
    if (month) {
      const snapshot = await this.db
        .selectFrom('settlement_snapshots')
        .leftJoin('users', 'users.id', 'settlement_snapshots.closed_by')
        .select(['settlement_snapshots.id', 'version', 'figures', 'closed_at', 'users.username'])
        .where('owner_user_id', '=', scope.home)
        .where('month', '=', month)
        .where('state', '=', 'closed')
        .executeTakeFirst();
      if (snapshot) {
        const frozen = (JSON.parse(snapshot.figures) as SnapshotFigures)[input.by];
        const lines = frozen.lines.filter((line) => wantedLine(line, input));
        return {
          ...frozen,
          lines,
          totals: lines.length === frozen.lines.length ? frozen.totals : totalsOf(lines),
          closed: { snapshotId: snapshot.id, month, version: snapshot.version, closedAt: Number(snapshot.closed_at), closedBy: snapshot.username ?? null },
          compare: null,
        };
      }
    }
    return computeSettlement(this.db, ownersOf(scope), {
      from,
      to,
      by: input.by,
      departmentIds: input.departmentIds,
      meterIds: input.meterIds,
      timeZone: this.timeZone,
    });
  }

  /** Closes a month for the caller's tree: version n+1 with the diff against version n. */
  async close(scope: OwnerScope, userId: number, month: string, now = Date.now()): Promise<SettlementClose> {
    const current = lastMonthIn(this.timeZone, now);
    if (month > current)
      throw validationError([{ field: 'month', rule: 'custom', message: `${month} has not ended yet; the last month that can be closed is ${current}` }]);
    const tree = await ownerTreeOf(this.db, scope.home);
    const owners = [...new Set([...tree.owners, scope.home])];
    const range = monthRange(month);
    const common = { ...range, timeZone: this.timeZone };
    const [department, meter] = await Promise.all([
      computeSettlement(this.db, owners, { ...common, by: 'department' }),
      computeSettlement(this.db, owners, { ...common, by: 'meter' }),
    ]);
    const tariffVersions = mergeVersions(department.tariffVersions, meter.tariffVersions);
    const id = await this.db.transaction().execute(async (trx) => {
      const versions = await trx
        .selectFrom('settlement_snapshots')
        .select(['version', 'state', 'figures'])
        .where('owner_user_id', '=', scope.home)
        .where('month', '=', month)
        .orderBy('version', 'desc')
        .execute();
      if (versions.some((v) => v.state === 'closed'))
        throw validationError([{ field: 'month', rule: 'custom', message: `${month} is already closed; reopen it first` }]);
      const previous = versions[0];
      const diff = previous ? diffOf((JSON.parse(previous.figures) as SnapshotFigures).department, department) : null;
      const row = await trx
        .insertInto('settlement_snapshots')
        .values({
          owner_user_id: scope.home,
          month,
          version: (previous?.version ?? 0) + 1,
          state: 'closed',
          figures: JSON.stringify({ department, meter } satisfies SnapshotFigures),
          tariff_versions: JSON.stringify(tariffVersions),
          diff: diff ? JSON.stringify(diff) : null,
          closed_by: userId,
          closed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    return this.get(scope, id);
  }

  /** Marks a closed version reopened; the month answers live figures again. */
  async reopen(scope: OwnerScope, userId: number, id: number, reason: string, now = Date.now()): Promise<SettlementClose> {
    const row = await this.db.selectFrom('settlement_snapshots').select(['id', 'state', 'owner_user_id']).where('id', '=', id).executeTakeFirst();
    const owners = ownerIds(scope);
    if (!row || (owners && !owners.includes(row.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Settlement close ${id} was not found` });
    if (row.state !== 'closed')
      throw validationError([{ field: 'id', rule: 'custom', message: 'This version is already reopened; close the month again to make a new version' }]);
    await this.db
      .updateTable('settlement_snapshots')
      .set({ state: 'reopened', reopened_by: userId, reopened_at: now, reopen_reason: reason })
      .where('id', '=', id)
      .where('state', '=', 'closed')
      .execute();
    return this.get(scope, id);
  }

  /** Versions of the caller's tree, newest first; one month or all. */
  async list(scope: OwnerScope, month?: string): Promise<SettlementClose[]> {
    let query = this.baseQuery();
    const owners = ownerIds(scope);
    if (owners) query = query.where('s.owner_user_id', 'in', owners);
    if (month) query = query.where('s.month', '=', month);
    const rows = await query.orderBy('s.month', 'desc').orderBy('s.version', 'desc').limit(500).execute();
    return rows.map(toClose);
  }

  async get(scope: OwnerScope, id: number): Promise<SettlementClose> {
    const row = await this.baseQuery().where('s.id', '=', id).executeTakeFirst();
    const owners = ownerIds(scope);
    if (!row || (owners && !owners.includes(row.owner_user_id))) throw new AppError('NOT_FOUND', { message: `Settlement close ${id} was not found` });
    return toClose(row);
  }

  private baseQuery() {
    return this.db
      .selectFrom('settlement_snapshots as s')
      .leftJoin('users as c', 'c.id', 's.closed_by')
      .leftJoin('users as r', 'r.id', 's.reopened_by')
      .select([
        's.id',
        's.owner_user_id',
        's.month',
        's.version',
        's.state',
        's.figures',
        's.tariff_versions',
        's.diff',
        's.closed_at',
        's.reopened_at',
        's.reopen_reason',
        'c.username as closed_by_name',
        'r.username as reopened_by_name',
      ]);
  }
}

function toClose(row: {
  id: number;
  month: string;
  version: number;
  state: 'closed' | 'reopened';
  figures: string;
  tariff_versions: string;
  diff: string | null;
  closed_at: number;
  reopened_at: number | null;
  reopen_reason: string | null;
  closed_by_name: string | null;
  reopened_by_name: string | null;
}): SettlementClose {
  return {
    id: row.id,
    month: row.month,
    version: row.version,
    state: row.state,
    closedBy: row.closed_by_name,
    closedAt: Number(row.closed_at),
    reopenedBy: row.reopened_by_name,
    reopenedAt: row.reopened_at === null ? null : Number(row.reopened_at),
    reopenReason: row.reopen_reason,
    tariffVersions: JSON.parse(row.tariff_versions) as SettlementTariffVersion[],
    diff: row.diff === null ? null : (JSON.parse(row.diff) as SettlementDiffEntry[]),
    totals: (JSON.parse(row.figures) as SnapshotFigures).department.totals,
  };
}

function wantedLine(
  line: SettlementLine,
  input: Pick<SettlementQuery, 'departmentIds' | 'meterIds'> & { departmentIds?: number[]; meterIds?: number[] },
): boolean {
  if (line.scope === 'department') return !input.departmentIds?.length || input.departmentIds.includes(line.id);
  if (input.meterIds?.length && !input.meterIds.includes(line.id)) return false;
  // A meter filter by department in a snapshot: the meter's own department (the live path also takes sub-departments).
  return !input.departmentIds?.length || (line.parentId !== null && input.departmentIds.includes(line.parentId));
}

function mergeVersions(a: SettlementTariffVersion[], b: SettlementTariffVersion[]): SettlementTariffVersion[] {
  const byId = new Map([...a, ...b].map((v) => [v.id, v]));
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

/** Per line and part (band, unpriced, tier, apportioned, total): energy and cost before and after, changed ones only. */
export function diffOf(before: SettlementFigures, after: SettlementFigures): SettlementDiffEntry[] {
  const parts = (line: SettlementLine | undefined) => {
    const map = new Map<SettlementDiffEntry['part'], { energy: number; cost: number }>();
    if (!line) return map;
    for (const cell of line.bands) map.set(cell.band, { energy: cell.energy, cost: cell.costMinor });
    map.set('unpriced', { energy: line.unpricedEnergy, cost: 0 });
    map.set('tier', { energy: 0, cost: line.tier.costMinor });
    map.set('apportioned', { energy: line.apportioned.energy, cost: line.apportioned.costMinor });
    map.set('total', { energy: line.totalEnergy, cost: line.totalCostMinor });
    return map;
  };
  const beforeLines = new Map(before.lines.map((l) => [l.key, l]));
  const afterLines = new Map(after.lines.map((l) => [l.key, l]));
  const keys = [...new Set([...afterLines.keys(), ...beforeLines.keys()])];
  const order: SettlementDiffEntry['part'][] = [...BAND_TYPES, 'unpriced', 'tier', 'apportioned', 'total'];
  const entries: SettlementDiffEntry[] = [];
  for (const key of keys) {
    const was = beforeLines.get(key);
    const is = afterLines.get(key);
    const a = parts(was);
    const b = parts(is);
    for (const part of order) {
      const x = a.get(part) ?? { energy: 0, cost: 0 };
      const y = b.get(part) ?? { energy: 0, cost: 0 };
      if (Math.abs(x.energy - y.energy) < DUST && x.cost === y.cost) continue;
      entries.push({
        key,
        name: (is ?? was)!.name,
        energyType: (is ?? was)!.energyType,
        part,
        energyBefore: x.energy,
        energyAfter: y.energy,
        costMinorBefore: x.cost,
        costMinorAfter: y.cost,
      });
    }
  }
  return entries;
}
