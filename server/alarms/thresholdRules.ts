import type { Kysely, Selectable } from 'kysely';
import { INTERVAL_ENERGY_METRIC, type AlarmSeverity, type ThresholdRule, type ThresholdRuleBody, type ThresholdScope } from '@shared/schemas';
import { metricDef } from '@shared/metering';
import type { AlarmRulesTable, Database } from '../db/schema';
import { flag, isSet } from '../db/columns';

export type ThresholdRuleRow = Selectable<AlarmRulesTable>;

export interface RuleListQuery {
  scope?: ThresholdScope | undefined;
  scopeId?: number | undefined;
  metric?: string | undefined;
  keyword?: string | undefined;
  page: number;
  size: number;
  /** The caller's tree (server/tenancy ownerIds); null: every tree. */
  owners: number[] | null;
}

/** Unit of a rule's metric: the catalogue's, or the meter's own for 15-minute `energy`. */
export function metricUnit(metric: string, meterUnit = 'kWh'): string {
  return metric === INTERVAL_ENERGY_METRIC ? meterUnit : (metricDef(metric)?.unit ?? '');
}

const columns = (body: ThresholdRuleBody) => ({
  name: body.name,
  scope: body.scope,
  scope_id: body.scopeId,
  metric: body.metric,
  over: body.over,
  under: body.under,
  duration_s: body.durationS,
  hysteresis: body.hysteresis,
  severity: body.severity,
  enabled: flag(body.enabled),
});

/** Threshold rules as stored; names of their scopes are looked up for the lists. */
export class ThresholdRules {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: RuleListQuery): Promise<{ total: number; rows: ThresholdRule[] }> {
    let select = this.db.selectFrom('alarm_rules');
    if (query.owners) select = select.where('owner_user_id', 'in', query.owners.length ? query.owners : [-1]);
    if (query.scope) select = select.where('scope', '=', query.scope);
    if (query.scopeId !== undefined) select = select.where('scope_id', '=', query.scopeId);
    if (query.metric) select = select.where('metric', '=', query.metric);
    if (query.keyword) select = select.where('name', 'like', `%${query.keyword.replace(/[%_]/g, '')}%`);
    const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll()
      .orderBy('id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted.n), rows: await this.describe(rows) };
  }

  async get(id: number): Promise<ThresholdRule | undefined> {
    const row = await this.db.selectFrom('alarm_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.describe([row]))[0] : undefined;
  }

  enabledRows(): Promise<ThresholdRuleRow[]> {
    return this.db.selectFrom('alarm_rules').selectAll().where('enabled', '=', 1).execute();
  }

  async create(body: ThresholdRuleBody, ownerUserId: number, now = Date.now()): Promise<number> {
    const row = await this.db
      .insertInto('alarm_rules')
      .values({ ...columns(body), owner_user_id: ownerUserId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, body: ThresholdRuleBody, now = Date.now()): Promise<boolean> {
    const result = await this.db
      .updateTable('alarm_rules')
      .set({ ...columns(body), updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the listed rules that are in `owners` (null: any); others are left alone and not counted. */
  async remove(ids: number[], owners: number[] | null): Promise<number> {
    let remove = this.db.deleteFrom('alarm_rules').where('id', 'in', ids);
    if (owners) remove = remove.where('owner_user_id', 'in', owners.length ? owners : [-1]);
    const result = await remove.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Does the rule's scope exist (a meter, department or sub-item) in `owners` (null: any tree)? */
  async scopeExists(scope: ThresholdScope, id: number, owners: number[] | null): Promise<boolean> {
    const table = scope === 'meter' ? 'meters' : scope === 'department' ? 'departments' : 'subitems';
    let select = this.db.selectFrom(table).select('id').where('id', '=', id);
    if (owners) select = select.where('owner_user_id', 'in', owners.length ? owners : [-1]);
    return Boolean(await select.executeTakeFirst());
  }

  private async describe(rows: ThresholdRuleRow[]): Promise<ThresholdRule[]> {
    const ids = (scope: string) => [...new Set(rows.filter((r) => r.scope === scope).map((r) => r.scope_id))];
    const meterIds = ids('meter');
    const meters = meterIds.length ? await this.db.selectFrom('meters').select(['id', 'code', 'name', 'unit']).where('id', 'in', meterIds).execute() : [];
    const named = async (table: 'departments' | 'subitems', list: number[]) =>
      new Map((list.length ? await this.db.selectFrom(table).select(['id', 'name']).where('id', 'in', list).execute() : []).map((r) => [r.id, r.name]));
    const departments = await named('departments', ids('department'));
    const subitems = await named('subitems', ids('subitem'));
    const meterById = new Map(meters.map((m) => [m.id, m]));
    return rows.map((row) => {
      const meter = row.scope === 'meter' ? meterById.get(row.scope_id) : undefined;
      const scopeName = meter ? `${meter.code} ${meter.name}` : ((row.scope === 'department' ? departments : subitems).get(row.scope_id) ?? `#${row.scope_id}`);
      return {
        id: row.id,
        name: row.name,
        scope: row.scope as ThresholdScope,
        scopeId: row.scope_id,
        metric: row.metric,
        over: row.over,
        under: row.under,
        durationS: row.duration_s,
        hysteresis: row.hysteresis,
        severity: row.severity as AlarmSeverity,
        enabled: isSet(row.enabled),
        scopeName,
        unit: metricUnit(row.metric, meter?.unit),
      };
    });
  }
}
