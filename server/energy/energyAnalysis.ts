import type { Kysely } from 'kysely';
import {
  MAX_ROLLUP_RANGE_MS,
  type BalanceQuery,
  type BalanceResult,
  type EnergySummary,
  type RankingResult,
  type RollupGrain,
  type RollupResult,
  type RollupScope,
} from '@shared/schemas';
import { ENERGY_TYPES } from '@shared/resources';
import type { Database } from '../db/schema';
import { AppError } from '../http/appError';
import { addMonths, localDayStart, localPeriods, periodsBetween } from '../metering/calendar';
import { energyUnit } from './energyUnits';
import { RollupReader, sumByPeriod } from './rollupReader';
import { scopeNames } from './scopeNames';
import { assertRange } from './timeRange';

interface RangeQuery {
  energyType: string;
  grain: RollupGrain;
  from: number;
  to: number;
  /** The caller's tree (server/tenancy ownerIds): only its meters, departments and sub-items; null: every tree. */
  owners: number[] | null;
}

/** Owner ids for an `in` filter: an empty tree matches nothing. */

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Figures built on the rollups: series, rankings, the department balance and the home summary. */
export class EnergyAnalysis {
  private readonly reader: RollupReader;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
  ) {
    this.reader = new RollupReader(db);
  }

  private periods(query: RangeQuery): string[] {
    assertRange(query.from, query.to, MAX_ROLLUP_RANGE_MS[query.grain]);
    return periodsBetween(query.from, query.to, query.grain, this.timeZone);
  }

  async rollups(query: RangeQuery & { scope: RollupScope; ids: number[] }): Promise<RollupResult> {
    const periods = this.periods(query);
    const ids = [...new Set(query.ids)];
    const names = await scopeNames(this.db, query.scope, ids, query.owners);
    const missing = ids.filter((id) => !names.has(id));
    if (missing.length) throw new AppError('NOT_FOUND', { message: `No ${query.scope} with id ${missing.join(', ')}` });
    const data = await this.reader.byPeriod(query.scope, ids, query.energyType, query.grain, periods[0] ?? '', periods.at(-1) ?? '');
    const series = ids.map((scopeId) => {
      const byPeriod = data.get(scopeId) ?? new Map<string, number>();
      const points = periods.map((period) => ({ period, energy: round(byPeriod.get(period) ?? 0) }));
      return { scopeId, name: names.get(scopeId) ?? '', total: round(points.reduce((sum, p) => sum + p.energy, 0)), points };
    });
    return { scope: query.scope, energyType: query.energyType, grain: query.grain, unit: energyUnit(query.energyType), periods, series };
  }

  async ranking(query: RangeQuery & { scope: 'department' | 'subitem'; parentId?: number | undefined; limit: number }): Promise<RankingResult> {
    const periods = this.periods(query);
    let candidates: { id: number; name: string }[];
    const owners = query.owners;
    if (query.scope === 'department') {
      let departments = this.db.selectFrom('departments').select(['id', 'name']);
      if (owners) departments = departments.where('owner_user_id', 'in', owners);
      departments = query.parentId === undefined ? departments.where('parent_id', 'is', null) : departments.where('parent_id', '=', query.parentId);
      candidates = await departments.execute();
    } else {
      let subitems = this.db.selectFrom('subitems').select(['id', 'name']);
      if (owners) subitems = subitems.where('owner_user_id', 'in', owners);
      candidates = await subitems.execute();
    }
    const totals = await this.reader.totals(
      query.scope,
      candidates.map((c) => c.id),
      query.energyType,
      query.grain,
      periods[0] ?? '',
      periods.at(-1) ?? '',
    );
    const all = candidates.map((c) => ({ scopeId: c.id, name: c.name, energy: round(totals.get(c.id) ?? 0) }));
    const sum = all.reduce((total, row) => total + row.energy, 0);
    const rows = all
      .sort((a, b) => b.energy - a.energy || a.name.localeCompare(b.name))
      .slice(0, query.limit)
      .map((row) => ({ ...row, share: sum > 0 ? round(row.energy / sum) : 0 }));
    return { unit: energyUnit(query.energyType), rows };
  }

  /**
   * parent = the department's rollup (its main meter when it has one); children = its child departments
   * plus its own meters other than the main one; unmetered = parent − children (losses, unmetered loads).
   */
  async balance(query: BalanceQuery & RangeQuery & { departmentId: number }): Promise<BalanceResult> {
    const periods = this.periods(query);
    const [first, last] = [periods[0] ?? '', periods.at(-1) ?? ''];
    // Another tree's department is answered as one that does not exist; its parts are the tree's own.
    const owned = query.owners;
    let lookup = this.db.selectFrom('departments').select(['id', 'name']).where('id', '=', query.departmentId);
    if (owned) lookup = lookup.where('owner_user_id', 'in', owned);
    const department = await lookup.executeTakeFirst();
    if (!department) throw new AppError('NOT_FOUND', { message: `No department with id ${query.departmentId}` });
    let childQuery = this.db.selectFrom('departments').select(['id', 'name']).where('parent_id', '=', department.id);
    if (owned) childQuery = childQuery.where('owner_user_id', 'in', owned);
    const children = await childQuery.orderBy('sort').orderBy('id').execute();
    let meterQuery = this.db
      .selectFrom('meters')
      .select(['id', 'code', 'name', 'is_main'])
      .where('department_id', '=', department.id)
      .where('energy_type', '=', query.energyType);
    if (owned) meterQuery = meterQuery.where('owner_user_id', 'in', owned);
    const ownMeters = await meterQuery.orderBy('id').execute();
    const main = ownMeters.find((m) => m.is_main) ?? null;
    const subMeters = ownMeters.filter((m) => m.id !== main?.id);

    const parentData = await this.reader.byPeriod('department', [department.id], query.energyType, query.grain, first, last);
    const childData = await this.reader.byPeriod(
      'department',
      children.map((c) => c.id),
      query.energyType,
      query.grain,
      first,
      last,
    );
    const meterData = await this.reader.byPeriod(
      'meter',
      subMeters.map((m) => m.id),
      query.energyType,
      query.grain,
      first,
      last,
    );
    const parentByPeriod = parentData.get(department.id) ?? new Map<string, number>();
    const childSum = sumByPeriod(
      childData,
      children.map((c) => c.id),
    );
    for (const [period, energy] of sumByPeriod(
      meterData,
      subMeters.map((m) => m.id),
    ))
      childSum.set(period, (childSum.get(period) ?? 0) + energy);

    const rows = periods.map((period) => {
      const parent = round(parentByPeriod.get(period) ?? 0);
      const metered = round(childSum.get(period) ?? 0);
      return { period, parent, children: metered, unmetered: main ? round(parent - metered) : 0 };
    });
    const total = (pick: (row: (typeof rows)[number]) => number) => round(rows.reduce((sum, row) => sum + pick(row), 0));
    const totals = { parent: total((r) => r.parent), children: total((r) => r.children), unmetered: total((r) => r.unmetered) };
    const periodTotal = (data: Map<number, Map<string, number>>, id: number) => round([...(data.get(id)?.values() ?? [])].reduce((a, b) => a + b, 0));
    return {
      department,
      unit: energyUnit(query.energyType),
      hasMainMeter: main !== null,
      mainMeter: main ? { id: main.id, code: main.code, name: main.name } : null,
      parts: [
        ...children.map((c) => ({ kind: 'department' as const, id: c.id, name: c.name, total: periodTotal(childData, c.id) })),
        ...subMeters.map((m) => ({ kind: 'meter' as const, id: m.id, name: `${m.code} ${m.name}`, total: periodTotal(meterData, m.id) })),
      ],
      periods: rows,
      totals: { ...totals, unmeteredShare: totals.parent > 0 ? round(totals.unmetered / totals.parent) : 0 },
    };
  }

  /** Yesterday's hours up to this time of day, the current hour pro rata. */
  private async yesterdaySoFar(topLevel: number[], energyType: string, todayStart: number, now: number): Promise<number> {
    const sameTime = now - 86_400_000;
    const yesterdayStart = localDayStart(todayStart - 1, this.timeZone);
    if (sameTime < yesterdayStart) return 0;
    const hours = periodsBetween(yesterdayStart, sameTime, 'hour', this.timeZone);
    const byHour = sumByPeriod(await this.reader.byPeriod('department', topLevel, energyType, 'hour', hours[0] ?? '', hours.at(-1) ?? ''), topLevel);
    const current = hours.at(-1) ?? '';
    let total = 0;
    for (const hour of hours) total += hour === current ? (byHour.get(hour) ?? 0) * ((sameTime - Number(hour)) / 3_600_000) : (byHour.get(hour) ?? 0);
    return round(total);
  }

  /** The home page's figures over the caller's tree (`owners`; null: the whole site). */
  async summary(owners: number[] | null, now = Date.now()): Promise<EnergySummary> {
    const today = localPeriods(now, this.timeZone);
    const dayStart = localDayStart(now, this.timeZone);
    const yesterday = localPeriods(dayStart - 1, this.timeZone).day;
    const lastMonth = addMonths(today.month, -1);
    let tops = this.db.selectFrom('departments').select('id').where('parent_id', 'is', null);
    if (owners) tops = tops.where('owner_user_id', 'in', owners);
    const topLevel = (await tops.execute()).map((d) => d.id);
    const siteTotal = async (energyType: string, grain: RollupGrain, first: string, last = first) =>
      round([...(await this.reader.totals('department', topLevel, energyType, grain, first, last)).values()].reduce((a, b) => a + b, 0));

    // "So far" figures compare like with like: the same share of yesterday's day and of last month.
    const dayFraction = (now - dayStart) / 86_400_000;
    const dayOfMonth = Number(today.day.slice(8, 10));
    const lastMonthDays = new Date(Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)), 0)).getUTCDate();
    const totals = [];
    for (const energyType of ENERGY_TYPES) {
      const yesterdayTotal = await siteTotal(energyType, 'day', yesterday);
      const lastMonthTotal = await siteTotal(energyType, 'month', lastMonth);
      let lastMonthSoFar = lastMonthTotal;
      if (dayOfMonth <= lastMonthDays) {
        const before = dayOfMonth > 1 ? await siteTotal(energyType, 'day', `${lastMonth}-01`, `${lastMonth}-${String(dayOfMonth - 1).padStart(2, '0')}`) : 0;
        const sameDay = await siteTotal(energyType, 'day', `${lastMonth}-${String(dayOfMonth).padStart(2, '0')}`);
        lastMonthSoFar = round(before + sameDay * dayFraction);
      }
      totals.push({
        energyType,
        unit: energyUnit(energyType),
        today: await siteTotal(energyType, 'day', today.day),
        yesterday: yesterdayTotal,
        yesterdaySoFar: await this.yesterdaySoFar(topLevel, energyType, dayStart, now),
        month: await siteTotal(energyType, 'month', today.month),
        lastMonth: lastMonthTotal,
        lastMonthSoFar,
      });
    }
    const hours = periodsBetween(dayStart, now, 'hour', this.timeZone);
    const hourly = sumByPeriod(await this.reader.byPeriod('department', topLevel, 'electricity', 'hour', hours[0] ?? '', hours.at(-1) ?? ''), topLevel);
    // Top departments among the leaves, where the energy is used (a parent always outranks its children).
    let leafQuery = this.db
      .selectFrom('departments as d')
      .select(['d.id', 'd.name'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('departments as c').select('c.id').whereRef('c.parent_id', '=', 'd.id'))));
    if (owners) leafQuery = leafQuery.where('d.owner_user_id', 'in', owners);
    const leaves = await leafQuery.execute();
    const leafTotals = await this.reader.totals(
      'department',
      leaves.map((d) => d.id),
      'electricity',
      'day',
      today.day,
      today.day,
    );
    const topDepartments = leaves
      .map((d) => ({ id: d.id, name: d.name, energy: round(leafTotals.get(d.id) ?? 0) }))
      .filter((d) => d.energy > 0)
      .sort((a, b) => b.energy - a.energy)
      .slice(0, 5);

    const count = async (table: 'meters' | 'gateways', onlineOnly: boolean) => {
      let query = this.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
      if (owners) query = query.where('owner_user_id', 'in', owners);
      if (onlineOnly) query = query.where('online', '=', 1);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const meterTotal = await count('meters', false);
    const meterOnline = await count('meters', true);
    let pendingQuery = this.db
      .selectFrom('quarantine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending');
    if (owners) pendingQuery = pendingQuery.where('meter_id', 'in', (eb) => eb.selectFrom('meters').select('id').where('owner_user_id', 'in', owners));
    let rejectedQuery = this.db
      .selectFrom('ingest_rejections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('at', '>=', now - 86_400_000);
    if (owners) rejectedQuery = rejectedQuery.where('owner_user_id', 'in', owners);
    let newestQuery = this.db.selectFrom('meter_state').select((eb) => eb.fn.max('latest_ts').as('ts'));
    if (owners) newestQuery = newestQuery.where('meter_id', 'in', (eb) => eb.selectFrom('meters').select('id').where('owner_user_id', 'in', owners));
    const pending = await pendingQuery.executeTakeFirstOrThrow();
    const rejected = await rejectedQuery.executeTakeFirstOrThrow();
    const newest = await newestQuery.executeTakeFirst();
    return {
      totals,
      todayByHour: hours.map((key) => ({ hourStart: Number(key), energy: round(hourly.get(key) ?? 0) })),
      topDepartments,
      meters: { total: meterTotal, online: meterOnline, offline: meterTotal - meterOnline },
      gateways: { total: await count('gateways', false), online: await count('gateways', true) },
      pendingQuarantine: Number(pending.n),
      rejectedLastDay: Number(rejected.n),
      timeZone: this.timeZone,
      lastReadingAt: newest?.ts === null || newest?.ts === undefined ? null : Number(newest.ts),
    };
  }
}
