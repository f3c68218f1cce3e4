import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { tariffDefinitionSchema, type TariffDefinition } from '@shared/tariffs/tariffDefinition';
import { bandsOfDefinition, checkDefinition, checkVersions, dayBefore, type VersionSpan } from '@shared/tariffs/tariffRules';
import {
  TARIFF_ENERGY_TYPES,
  type AssignmentTarget,
  type EffectiveTariff,
  type EffectiveTariffQuery,
  type Tariff,
  type TariffAssignment,
  type TariffAssignmentBody,
  type TariffEnergyType,
  type TariffVersion,
  type TariffVersionSummary,
  type tariffBodySchema,
  type tariffVersionBodySchema,
} from '@shared/schemas/tariffs';
import type { Database, TariffVersionsTable, TariffsTable } from '../db/schema';
import type { DbKind } from '../db/connect';
import { validationError } from '../http/appError';
import { localPeriods } from '../metering/calendar';
import { recordAudit } from '../energy/auditTrail';
import { inScope, ownerIds, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { assertMonthsOpen } from '../settlement/closedMonths';
import { loadEffectiveTariffs } from './effectiveTariffs';
import { enqueueRecompute } from './recomputeJobs';

/**
 * Tariffs, their effective-dated versions and their assignments (/devices/peakvalley): every read and
 * write is scoped to the caller's user tree; versions and assignments take the tree of their tariff.
 *
 * Rules kept here (messages in English, code 40000 with the field unless said otherwise):
 * - a version body keeps checkDefinition (shared/tariffs/tariffRules.ts); its warnings travel with the answer;
 * - the versions of one tariff never share a day. A new version starting after the open-ended one closes that
 *   one the day before (valid_to set) instead of being refused;
 * - a version whose days touch a month closed for settlement in the tariff's tree cannot be created, edited or
 *   deleted (PERIOD_CLOSED). An edit touches the days whose pricing changes: both its old and new days when the
 *   definition changes, only the days gained or lost when just the validity changes, none for a note;
 * - an assignment names a department or meter of the tariff's tree, one per target and energy type; a meter's
 *   energy type must be the tariff's.
 * After a change that moves energy to another price slot (layouts, seasons, validity, a version's removal, an
 * assignment) the band rollups of the affected meters and days are queued for recompute (enqueueRecompute): a
 * version's days up to today, an assignment's last 430 days. A price-only edit needs none (cost is computed when
 * read). Every change is reloaded into ingest's tariff book and written to the audit log.
 */

/** The days an assignment change recomputes: the 14 months a settlement may still look at. */
export const ASSIGNMENT_RECOMPUTE_DAYS = 430;
const OPEN_END = '9999-12-31';

/** Bodies as the route's schema hands them over (defaults filled in). */
export type TariffFields = z.output<typeof tariffBodySchema>;
export type TariffVersionFields = z.output<typeof tariffVersionBodySchema>;

export interface TariffStoreOptions {
  timeZone: string;
  /** PostgreSQL locks the tariff row while its versions are checked; SQLite runs one write at a time anyway */
  dbKind: DbKind;
  /** reload the tariff book ingest prices with (app.tariffs.reload), after every change */
  afterChange(): Promise<void>;
  now?: () => number;
}

export interface Actor {
  userId: number;
  scope: OwnerScope;
}

type TariffRow = Selectable<TariffsTable>;
type VersionRow = Selectable<TariffVersionsTable>;
interface DayRange {
  from: string;
  /** inclusive; OPEN_END for open-ended */
  to: string;
}

const rangeOf = (row: { valid_from: string; valid_to: string | null }): DayRange => ({ from: row.valid_from, to: row.valid_to ?? OPEN_END });
const issue = (field: string, message: string, rule = 'tariff') => validationError([{ field, rule, message }]);
const labelOf = (target: AssignmentTarget) => (target === 'meter' ? 'Meter' : 'Department');

/** The tariff_assignments_target unique constraint refused an insert. */
function isTargetTaken(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === '23505') return constraint === 'tariff_assignments_target';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('tariff_assignments.target');
}

function parseDefinition(text: string): TariffDefinition {
  return tariffDefinitionSchema.parse(JSON.parse(text));
}

/** What decides the price slot of an interval: season order, months and layouts (not prices, names or tiers). */
function slotShape(definition: TariffDefinition): string {
  return JSON.stringify(definition.seasons.map((season) => ({ months: [...season.months].sort((a, b) => a - b), layouts: season.layouts })));
}

/** Days in exactly one of two ranges, as at most two ranges (both whole ranges when they do not meet). */
function changedDays(before: DayRange, after: DayRange): DayRange[] {
  if (before.to < after.from || after.to < before.from) return [before, after];
  const ranges: DayRange[] = [];
  if (before.from !== after.from) {
    const [early, late] = before.from < after.from ? [before.from, after.from] : [after.from, before.from];
    ranges.push({ from: early, to: dayBefore(late) });
  }
  if (before.to !== after.to) {
    const [early, late] = before.to < after.to ? [before.to, after.to] : [after.to, before.to];
    ranges.push({ from: nextDay(early), to: late });
  }
  return ranges;
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

export class TariffStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: TariffStoreOptions,
  ) {}

  /** Today in TIME_ZONE. */
  today(): string {
    return localPeriods((this.options.now ?? Date.now)(), this.options.timeZone).day;
  }

  // ---- tariffs ----

  async listTariffs(scope: OwnerScope, energyType?: TariffEnergyType): Promise<Tariff[]> {
    let select = this.db.selectFrom('tariffs').selectAll();
    const owners = ownerIds(scope);
    if (owners) select = select.where('owner_user_id', 'in', owners);
    if (energyType) select = select.where('energy_type', '=', energyType);
    return this.answerTariffs(await select.orderBy('name').orderBy('id').execute());
  }

  /** The tenancy hook has checked the id against the caller's tree. */
  async getTariff(id: number): Promise<Tariff> {
    const row = await this.tariffRow(this.db, id);
    return (await this.answerTariffs([row]))[0]!;
  }

  async createTariff(body: TariffFields, actor: Actor): Promise<Tariff> {
    const values = this.tariffValues(body);
    const now = Date.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('tariffs')
        .values({ ...values, owner_user_id: actor.scope.home, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, { userId: actor.userId, action: 'created', entity: 'tariff', entityId: row.id, detail: values });
      return row.id;
    });
    return this.getTariff(id);
  }

  async updateTariff(id: number, body: TariffFields, actor: Actor): Promise<Tariff> {
    const values = this.tariffValues(body);
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.tariffRow(trx, id);
      if (values.energy_type !== stored.energy_type) {
        const assigned = await this.assignmentCount(trx, id);
        if (assigned > 0) {
          throw issue(
            'body.energyType',
            `Tariff ${stored.name} is assigned to ${assigned} ${assigned === 1 ? 'department or meter' : 'departments or meters'}; remove ${assigned === 1 ? 'that assignment' : 'those assignments'} before changing its energy type`,
          );
        }
      }
      await trx
        .updateTable('tariffs')
        .set({ ...values, updated_at: Date.now() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'updated',
        entity: 'tariff',
        entityId: id,
        detail: { before: { name: stored.name, energy_type: stored.energy_type, currency: stored.currency, note: stored.note }, after: values },
      });
    });
    await this.options.afterChange();
    return this.getTariff(id);
  }

  /** Refused while assigned (its meters would turn unpriced unnoticed) or while a version touches a closed month. */
  async deleteTariff(id: number, actor: Actor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const stored = await this.tariffRow(trx, id);
      const assigned = await this.assignmentCount(trx, id);
      if (assigned > 0) {
        throw issue(
          'params.id',
          `Tariff ${stored.name} is assigned to ${assigned} ${assigned === 1 ? 'department or meter' : 'departments or meters'}; remove ${assigned === 1 ? 'that assignment' : 'those assignments'} first`,
        );
      }
      const versions = await trx.selectFrom('tariff_versions').selectAll().where('tariff_id', '=', id).execute();
      for (const version of versions) await assertMonthsOpen(trx, stored.owner_user_id, version.valid_from, version.valid_to ?? OPEN_END);
      await trx.deleteFrom('tariff_versions').where('tariff_id', '=', id).execute();
      await trx.deleteFrom('tariffs').where('id', '=', id).execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'deleted',
        entity: 'tariff',
        entityId: id,
        detail: { name: stored.name, energy_type: stored.energy_type, versions: versions.map((v) => v.id) },
      });
    });
    await this.options.afterChange();
  }

  // ---- versions ----

  async listVersions(tariffId: number): Promise<TariffVersion[]> {
    const tariff = await this.tariffRow(this.db, tariffId);
    const rows = await this.db.selectFrom('tariff_versions').selectAll().where('tariff_id', '=', tariffId).orderBy('valid_from', 'desc').execute();
    return rows.map((row) => this.answerVersion(tariff, row));
  }

  /** The tenancy hook has checked the version's tariff against the caller's tree. */
  async getVersion(id: number): Promise<TariffVersion> {
    const row = await this.versionRow(this.db, id);
    return this.answerVersion(await this.tariffRow(this.db, row.tariff_id), row);
  }

  async createVersion(tariffId: number, body: TariffVersionFields, actor: Actor): Promise<TariffVersion> {
    const definition = this.checkedDefinition(body.definition);
    const created = await this.db.transaction().execute(async (trx) => {
      const tariff = await this.lockTariff(trx, tariffId);
      const others = await trx.selectFrom('tariff_versions').selectAll().where('tariff_id', '=', tariffId).orderBy('valid_from').execute();
      // A version that starts after the open-ended one ends that one the day before.
      const open = others.find((v) => v.valid_to === null && v.valid_from < body.validFrom);
      const closedPrevious = open ? { id: open.id, validTo: dayBefore(body.validFrom) } : null;
      const spans: VersionSpan[] = others.map((v) => ({
        id: v.id,
        validFrom: v.valid_from,
        validTo: v.id === closedPrevious?.id ? closedPrevious.validTo : v.valid_to,
      }));
      this.assertNoOverlap(spans, { validFrom: body.validFrom, validTo: body.validTo });
      // Only the new version's days change price; the old version keeps every day up to validFrom - 1.
      await assertMonthsOpen(trx, tariff.owner_user_id, body.validFrom, body.validTo ?? OPEN_END);
      if (closedPrevious) await trx.updateTable('tariff_versions').set({ valid_to: closedPrevious.validTo }).where('id', '=', closedPrevious.id).execute();
      const row = await trx
        .insertInto('tariff_versions')
        .values({
          tariff_id: tariffId,
          valid_from: body.validFrom,
          valid_to: body.validTo,
          definition: JSON.stringify(definition),
          note: body.note,
          created_by: actor.userId,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('tariffs').set({ updated_at: Date.now() }).where('id', '=', tariffId).execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'created',
        entity: 'tariff_version',
        entityId: row.id,
        detail: { tariffId, validFrom: body.validFrom, validTo: body.validTo, definition, note: body.note, closedPrevious },
      });
      return { id: row.id, tariff, closedPrevious };
    });
    const recomputeJobId = await this.recomputeVersionDays(
      created.tariff,
      [{ from: body.validFrom, to: body.validTo ?? OPEN_END }],
      created.id,
      'created',
      actor,
    );
    await this.options.afterChange();
    return { ...(await this.getVersion(created.id)), recomputeJobId, closedPrevious: created.closedPrevious };
  }

  async updateVersion(id: number, body: TariffVersionFields, actor: Actor): Promise<TariffVersion> {
    const definition = this.checkedDefinition(body.definition);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const stored = await this.versionRow(trx, id);
      const tariff = await this.lockTariff(trx, stored.tariff_id);
      const before = parseDefinition(stored.definition);
      const others = await trx
        .selectFrom('tariff_versions')
        .selectAll()
        .where('tariff_id', '=', stored.tariff_id)
        .where('id', '!=', id)
        .orderBy('valid_from')
        .execute();
      this.assertNoOverlap(
        others.map((v) => ({ id: v.id, validFrom: v.valid_from, validTo: v.valid_to })),
        { validFrom: body.validFrom, validTo: body.validTo },
      );
      const oldDays = rangeOf(stored);
      const newDays: DayRange = { from: body.validFrom, to: body.validTo ?? OPEN_END };
      const definitionChanged = JSON.stringify(before) !== JSON.stringify(definition);
      // Days whose price or slot changes: all of them when the definition changes, else those gained or lost.
      const priced = definitionChanged ? [oldDays, newDays] : changedDays(oldDays, newDays);
      for (const range of priced) await assertMonthsOpen(trx, tariff.owner_user_id, range.from, range.to);
      const slotsMoved = slotShape(before) !== slotShape(definition) ? [oldDays, newDays] : changedDays(oldDays, newDays);
      await trx
        .updateTable('tariff_versions')
        .set({ valid_from: body.validFrom, valid_to: body.validTo, definition: JSON.stringify(definition), note: body.note })
        .where('id', '=', id)
        .execute();
      await trx.updateTable('tariffs').set({ updated_at: Date.now() }).where('id', '=', tariff.id).execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'updated',
        entity: 'tariff_version',
        entityId: id,
        detail: {
          tariffId: tariff.id,
          before: { validFrom: stored.valid_from, validTo: stored.valid_to, definition: before, note: stored.note },
          after: { validFrom: body.validFrom, validTo: body.validTo, definition, note: body.note },
        },
      });
      return { tariff, slotsMoved };
    });
    const recomputeJobId = await this.recomputeVersionDays(outcome.tariff, outcome.slotsMoved, id, 'updated', actor);
    await this.options.afterChange();
    return { ...(await this.getVersion(id)), recomputeJobId };
  }

  async deleteVersion(id: number, actor: Actor): Promise<{ recomputeJobId: number | null }> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      const stored = await this.versionRow(trx, id);
      const tariff = await this.lockTariff(trx, stored.tariff_id);
      await assertMonthsOpen(trx, tariff.owner_user_id, stored.valid_from, stored.valid_to ?? OPEN_END);
      await trx.deleteFrom('tariff_versions').where('id', '=', id).execute();
      await trx.updateTable('tariffs').set({ updated_at: Date.now() }).where('id', '=', tariff.id).execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'deleted',
        entity: 'tariff_version',
        entityId: id,
        detail: {
          tariffId: tariff.id,
          validFrom: stored.valid_from,
          validTo: stored.valid_to,
          definition: parseDefinition(stored.definition),
          note: stored.note,
        },
      });
      return { tariff, days: rangeOf(stored) };
    });
    const recomputeJobId = await this.recomputeVersionDays(outcome.tariff, [outcome.days], id, 'deleted', actor);
    await this.options.afterChange();
    return { recomputeJobId };
  }

  // ---- assignments ----

  async listAssignments(
    scope: OwnerScope,
    filter: { tariffId?: number; target?: AssignmentTarget; targetId?: number; energyType?: TariffEnergyType } = {},
  ): Promise<TariffAssignment[]> {
    let select = this.db
      .selectFrom('tariff_assignments')
      .innerJoin('tariffs', 'tariffs.id', 'tariff_assignments.tariff_id')
      .select([
        'tariff_assignments.id',
        'tariff_assignments.tariff_id',
        'tariff_assignments.target',
        'tariff_assignments.target_id',
        'tariff_assignments.energy_type',
        'tariff_assignments.created_at',
        'tariffs.name as tariff_name',
      ]);
    const owners = ownerIds(scope);
    if (owners) select = select.where('tariff_assignments.owner_user_id', 'in', owners);
    if (filter.tariffId !== undefined) select = select.where('tariff_assignments.tariff_id', '=', filter.tariffId);
    if (filter.target !== undefined) select = select.where('tariff_assignments.target', '=', filter.target);
    if (filter.targetId !== undefined) select = select.where('tariff_assignments.target_id', '=', filter.targetId);
    if (filter.energyType !== undefined) select = select.where('tariff_assignments.energy_type', '=', filter.energyType);
    const rows = await select.orderBy('tariff_assignments.target').orderBy('tariff_assignments.target_id').orderBy('tariff_assignments.energy_type').execute();
    const names = await this.targetNames(rows);
    return rows.map((row) => {
      const named = names.get(`${row.target}:${row.target_id}`);
      return {
        id: row.id,
        tariffId: row.tariff_id,
        tariffName: row.tariff_name,
        target: row.target,
        targetId: row.target_id,
        targetName: named?.name ?? `${labelOf(row.target)} ${row.target_id}`,
        ...(named?.code !== undefined && row.target === 'meter' ? { meterCode: named.code } : {}),
        energyType: row.energy_type as TariffEnergyType,
        createdAt: Number(row.created_at),
      };
    });
  }

  async createAssignment(body: TariffAssignmentBody, actor: Actor): Promise<TariffAssignment> {
    const before = await loadEffectiveTariffs(this.db);
    const created = await this.db.transaction().execute(async (trx) => {
      const tariff = await trx.selectFrom('tariffs').selectAll().where('id', '=', body.tariffId).executeTakeFirst();
      if (!tariff || !inScope(actor.scope, tariff.owner_user_id)) throw issue('body.tariffId', `Tariff ${body.tariffId} does not exist`, 'exists');
      const tree = await ownerTreeOf(trx, tariff.owner_user_id);
      const target = await this.targetRow(trx, body.target, body.targetId);
      // The target must be of the caller's tree and of the tariff's (an administrator may not mix trees).
      if (!target || !inScope(actor.scope, target.owner_user_id) || !(tree.owners.has(target.owner_user_id) || target.owner_user_id === tariff.owner_user_id)) {
        throw issue('body.targetId', `${labelOf(body.target)} ${body.targetId} does not exist`, 'exists');
      }
      if (body.target === 'meter' && target.energy_type !== tariff.energy_type) {
        throw issue(
          'body.tariffId',
          `Tariff ${tariff.name} prices ${tariff.energy_type}, but meter ${target.name} measures ${target.energy_type ?? 'something else'}`,
        );
      }
      const taken = await trx
        .selectFrom('tariff_assignments')
        .innerJoin('tariffs', 'tariffs.id', 'tariff_assignments.tariff_id')
        .select(['tariffs.name'])
        .where('tariff_assignments.target', '=', body.target)
        .where('tariff_assignments.target_id', '=', body.targetId)
        .where('tariff_assignments.energy_type', '=', tariff.energy_type)
        .executeTakeFirst();
      if (taken) {
        throw issue(
          'body.targetId',
          `${labelOf(body.target)} ${target.name} already has tariff ${taken.name} for ${tariff.energy_type}; remove that assignment first`,
          'unique',
        );
      }
      const row = await trx
        .insertInto('tariff_assignments')
        .values({
          owner_user_id: tariff.owner_user_id,
          tariff_id: tariff.id,
          target: body.target,
          target_id: body.targetId,
          energy_type: tariff.energy_type,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          // Two assignments of one target raced past the check above: answer as the check would have.
          if (isTargetTaken(error))
            throw issue('body.targetId', `${labelOf(body.target)} ${target.name} already has a tariff for ${tariff.energy_type}`, 'unique');
          throw error;
        });
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'created',
        entity: 'tariff_assignment',
        entityId: row.id,
        detail: {
          tariffId: tariff.id,
          tariffName: tariff.name,
          target: body.target,
          targetId: body.targetId,
          targetName: target.name,
          energyType: tariff.energy_type,
        },
      });
      return { id: row.id, owner: tariff.owner_user_id };
    });
    const recomputeJobId = await this.recomputeAssignment(before, created.owner, created.id, 'created', actor);
    await this.options.afterChange();
    const answer = (await this.listAssignments({ all: true, home: actor.scope.home }, { tariffId: body.tariffId })).find((a) => a.id === created.id)!;
    return { ...answer, recomputeJobId };
  }

  /** The tenancy hook has checked the assignment against the caller's tree. */
  async deleteAssignment(id: number, actor: Actor): Promise<{ recomputeJobId: number | null }> {
    const before = await loadEffectiveTariffs(this.db);
    const owner = await this.db.transaction().execute(async (trx) => {
      const stored = await trx.selectFrom('tariff_assignments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await trx.deleteFrom('tariff_assignments').where('id', '=', id).execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'deleted',
        entity: 'tariff_assignment',
        entityId: id,
        detail: { tariffId: stored.tariff_id, target: stored.target, targetId: stored.target_id, energyType: stored.energy_type },
      });
      return stored.owner_user_id;
    });
    const recomputeJobId = await this.recomputeAssignment(before, owner, id, 'deleted', actor);
    await this.options.afterChange();
    return { recomputeJobId };
  }

  /** The tariff pricing a meter's (or a department's) energy: own assignment, else the nearest department up the tree. */
  async effective(scope: OwnerScope, query: EffectiveTariffQuery & { targetId: number }): Promise<EffectiveTariff[]> {
    const target = await this.targetRow(this.db, query.target, query.targetId);
    if (!target || !inScope(scope, target.owner_user_id))
      throw issue('querystring.targetId', `${labelOf(query.target)} ${query.targetId} does not exist`, 'exists');
    let types: TariffEnergyType[];
    if (query.target === 'meter') {
      if (query.energyType && query.energyType !== target.energy_type) {
        throw issue('querystring.energyType', `Meter ${target.name} measures ${target.energy_type ?? 'something else'}, not ${query.energyType}`);
      }
      types = (TARIFF_ENERGY_TYPES as readonly string[]).includes(target.energy_type ?? '') ? [target.energy_type as TariffEnergyType] : [];
    } else {
      types = query.energyType ? [query.energyType] : [...TARIFF_ENERGY_TYPES];
    }
    const [departments, assignments] = await Promise.all([
      this.db.selectFrom('departments').select(['id', 'name', 'parent_id']).execute(),
      this.db
        .selectFrom('tariff_assignments')
        .innerJoin('tariffs', 'tariffs.id', 'tariff_assignments.tariff_id')
        .select([
          'tariff_assignments.id',
          'tariff_assignments.target',
          'tariff_assignments.target_id',
          'tariff_assignments.energy_type',
          'tariffs.id as tariff_id',
        ])
        .execute(),
    ]);
    const departmentById = new Map(departments.map((d) => [d.id, d]));
    const assignmentOf = new Map(assignments.map((a) => [`${a.target}:${a.target_id}:${a.energy_type}`, a]));
    const resolved = types.map((energyType) => {
      let found = assignmentOf.get(`${query.target}:${query.targetId}:${energyType}`);
      let inheritedFrom: EffectiveTariff['inheritedFrom'] = null;
      let department = query.target === 'meter' ? target.department_id : (departmentById.get(query.targetId)?.parent_id ?? null);
      // Walk up at most as many steps as there are departments (a cycle cannot loop forever).
      for (let steps = 0; !found && department !== null && steps <= departments.length; steps++) {
        found = assignmentOf.get(`department:${department}:${energyType}`);
        if (found) inheritedFrom = { departmentId: department, departmentName: departmentById.get(department)?.name ?? `Department ${department}` };
        department = departmentById.get(department)?.parent_id ?? null;
      }
      return { energyType, found, inheritedFrom };
    });
    const tariffs = await this.answerTariffsById([...new Set(resolved.flatMap((r) => (r.found ? [r.found.tariff_id] : [])))]);
    return resolved.map(({ energyType, found, inheritedFrom }) => {
      const tariff = found ? tariffs.get(found.tariff_id) : undefined;
      const current = tariff?.versions.find((v) => v.id === tariff.currentVersionId) ?? null;
      return {
        target: query.target,
        targetId: query.targetId,
        energyType,
        tariff: tariff ? { id: tariff.id, name: tariff.name, currency: tariff.currency } : null,
        assignmentId: found?.id ?? null,
        inheritedFrom: tariff ? inheritedFrom : null,
        currentVersion: current,
      };
    });
  }

  // ---- parts ----

  private tariffValues(body: TariffFields) {
    return { name: body.name, energy_type: body.energyType, currency: body.currency, note: body.note };
  }

  private async tariffRow(db: Kysely<Database>, id: number): Promise<TariffRow> {
    const row = await db.selectFrom('tariffs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw issue('params.id', `Tariff ${id} does not exist`, 'exists');
    return row;
  }

  /** The tariff row, locked on PostgreSQL so two version writes of one tariff check overlaps one after the other. */
  private async lockTariff(trx: Kysely<Database>, id: number): Promise<TariffRow> {
    const query = trx.selectFrom('tariffs').selectAll().where('id', '=', id);
    const row = await (this.options.dbKind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!row) throw issue('params.id', `Tariff ${id} does not exist`, 'exists');
    return row;
  }

  private async versionRow(db: Kysely<Database>, id: number): Promise<VersionRow> {
    const row = await db.selectFrom('tariff_versions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw issue('params.id', `Tariff version ${id} does not exist`, 'exists');
    return row;
  }

  private async assignmentCount(db: Kysely<Database>, tariffId: number): Promise<number> {
    const row = await db
      .selectFrom('tariff_assignments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tariff_id', '=', tariffId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private checkedDefinition(definition: TariffDefinition): TariffDefinition {
    const { errors } = checkDefinition(definition);
    if (errors.length > 0) throw validationError(errors.map((e) => ({ field: `body.definition.${e.path}`, rule: 'tariff', message: e.message })));
    return definition;
  }

  private assertNoOverlap(others: VersionSpan[], candidate: VersionSpan): void {
    const { errors } = checkVersions([...others, candidate]);
    const mine = errors.find((e) => e.path === `versions.${others.length}`) ?? errors[0];
    if (mine) throw issue(candidate.validTo !== null && candidate.validTo < candidate.validFrom ? 'body.validTo' : 'body.validFrom', mine.message, 'overlap');
  }

  private answerVersion(tariff: TariffRow, row: VersionRow): TariffVersion {
    const definition = parseDefinition(row.definition);
    return {
      id: row.id,
      tariffId: tariff.id,
      tariffName: tariff.name,
      energyType: tariff.energy_type as TariffEnergyType,
      currency: tariff.currency,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      definition,
      note: row.note,
      createdBy: row.created_by,
      createdAt: Number(row.created_at),
      warnings: checkDefinition(definition).warnings,
    };
  }

  private summaryOf(row: VersionRow): TariffVersionSummary {
    const definition = parseDefinition(row.definition);
    return {
      id: row.id,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      note: row.note,
      seasons: definition.seasons.map((s) => s.name),
      bands: bandsOfDefinition(definition),
      createdAt: Number(row.created_at),
    };
  }

  private async answerTariffsById(ids: number[]): Promise<Map<number, Tariff>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('tariffs').selectAll().where('id', 'in', ids).execute();
    return new Map((await this.answerTariffs(rows)).map((t) => [t.id, t]));
  }

  private async answerTariffs(rows: TariffRow[]): Promise<Tariff[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [versions, counts] = await Promise.all([
      this.db.selectFrom('tariff_versions').selectAll().where('tariff_id', 'in', ids).orderBy('valid_from', 'desc').execute(),
      this.db
        .selectFrom('tariff_assignments')
        .select(['tariff_id', (eb) => eb.fn.countAll().as('n')])
        .where('tariff_id', 'in', ids)
        .groupBy('tariff_id')
        .execute(),
    ]);
    const today = this.today();
    const countOf = new Map(counts.map((c) => [c.tariff_id, Number(c.n)]));
    return rows.map((row) => {
      const own = versions.filter((v) => v.tariff_id === row.id);
      const current = own.find((v) => v.valid_from <= today && (v.valid_to === null || v.valid_to >= today));
      return {
        id: row.id,
        name: row.name,
        energyType: row.energy_type as TariffEnergyType,
        currency: row.currency,
        note: row.note,
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
        versions: own.map((v) => this.summaryOf(v)),
        currentVersionId: current?.id ?? null,
        assignmentCount: countOf.get(row.id) ?? 0,
      };
    });
  }

  private async targetRow(
    db: Kysely<Database>,
    target: AssignmentTarget,
    id: number,
  ): Promise<{ name: string; owner_user_id: number; energy_type: string | null; department_id: number | null } | undefined> {
    if (target === 'meter') {
      return db.selectFrom('meters').select(['name', 'owner_user_id', 'energy_type', 'department_id']).where('id', '=', id).executeTakeFirst();
    }
    const row = await db.selectFrom('departments').select(['name', 'owner_user_id', 'parent_id']).where('id', '=', id).executeTakeFirst();
    return row ? { name: row.name, owner_user_id: row.owner_user_id, energy_type: null, department_id: row.parent_id } : undefined;
  }

  private async targetNames(rows: { target: AssignmentTarget; target_id: number }[]): Promise<Map<string, { name: string; code: string }>> {
    const names = new Map<string, { name: string; code: string }>();
    const meterIds = rows.filter((r) => r.target === 'meter').map((r) => r.target_id);
    const departmentIds = rows.filter((r) => r.target === 'department').map((r) => r.target_id);
    if (meterIds.length) {
      for (const m of await this.db.selectFrom('meters').select(['id', 'name', 'code']).where('id', 'in', meterIds).execute()) names.set(`meter:${m.id}`, m);
    }
    if (departmentIds.length) {
      for (const d of await this.db.selectFrom('departments').select(['id', 'name', 'code']).where('id', 'in', departmentIds).execute()) {
        names.set(`department:${d.id}`, d);
      }
    }
    return names;
  }

  /** Queue the recompute of the meters priced by the tariff over the given days, clipped to today; null when nothing moved. */
  private async recomputeVersionDays(tariff: TariffRow, ranges: DayRange[], versionId: number, action: string, actor: Actor): Promise<number | null> {
    const today = this.today();
    const clipped = ranges.filter((r) => r.from <= today).map((r) => ({ from: r.from, to: r.to < today ? r.to : today }));
    if (clipped.length === 0) return null;
    const meterIds = [...(await loadEffectiveTariffs(this.db)).entries()].filter(([, id]) => id === tariff.id).map(([meterId]) => meterId);
    if (meterIds.length === 0) return null;
    return enqueueRecompute(this.db, {
      ownerUserId: tariff.owner_user_id,
      reason: 'tariff-version',
      detail: { tariffId: tariff.id, versionId, action },
      meterIds: meterIds.sort((a, b) => a - b),
      fromDay: clipped.map((r) => r.from).sort()[0]!,
      toDay: clipped.map((r) => r.to).sort()[clipped.length - 1]!,
      createdBy: actor.userId,
    });
  }

  /** Queue the recompute of the meters whose effective tariff the assignment change moved, over the last 430 days. */
  private async recomputeAssignment(
    before: Map<number, number>,
    ownerUserId: number,
    assignmentId: number,
    action: string,
    actor: Actor,
  ): Promise<number | null> {
    const after = await loadEffectiveTariffs(this.db);
    const moved = new Set<number>();
    for (const [meterId, tariffId] of before) if (after.get(meterId) !== tariffId) moved.add(meterId);
    for (const [meterId, tariffId] of after) if (before.get(meterId) !== tariffId) moved.add(meterId);
    if (moved.size === 0) return null;
    const meterIds = [...moved].sort((a, b) => a - b);
    const today = this.today();
    return enqueueRecompute(this.db, {
      ownerUserId,
      reason: 'assignment',
      detail: { assignmentId, action },
      meterIds,
      fromDay: addDays(today, -ASSIGNMENT_RECOMPUTE_DAYS),
      toDay: today,
      createdBy: actor.userId,
    });
  }
}
