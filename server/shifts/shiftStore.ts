import type { Kysely } from 'kysely';
import type { FieldIssue } from '@shared/errors';
import {
  ROTA_MAX_DAYS,
  type RotaDayFields,
  type RotaFillFields,
  type RotaSlot,
  type ShiftTeam,
  type ShiftTeamFields,
  type ShiftTemplate,
  type ShiftTemplateFields,
} from '@shared/schemas/shifts';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { ownerIds, ownerTreeOf, type OwnerScope } from '../tenancy/ownerScope';
import { addDays, daysBetween, minutesOfClock, shiftMinutes } from './shiftClock';

type TemplateRow = { id: number; name: string; start_time: string; end_time: string; sort: number };

export const templateOf = (row: TemplateRow): ShiftTemplate => ({
  id: row.id,
  name: row.name,
  start: row.start_time,
  end: row.end_time,
  sort: row.sort,
  crossesMidnight: minutesOfClock(row.end_time) <= minutesOfClock(row.start_time),
  minutes: shiftMinutes(row.start_time, row.end_time),
});

const invalid = (field: string, message: string, rule = 'invalid'): AppError => validationError([{ field, rule, message }]);
const notFound = (label: string, id: number) => new AppError('NOT_FOUND', { message: `${label} ${id} was not found` });

/** Where filter of a scope: null = every tree. */
const scoped = (scope: OwnerScope) => ownerIds(scope);

/**
 * Shift templates, teams and the rota of each department, each in the user tree that owns it (the rota in its
 * department's tree). The routes check an id in the path against the caller's tree before these run; references
 * in bodies (department, shift, team) are checked here, another tree's read as missing.
 */
export class ShiftStore {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- templates ----
  /** The caller's templates; with a department, those of the department's tree (what its rota may use). */
  async templates(scope: OwnerScope, departmentId?: number): Promise<ShiftTemplate[]> {
    const owners = departmentId === undefined ? scoped(scope) : ownerIds(await this.departmentTree(departmentId, scope));
    let query = this.db.selectFrom('shift_templates').select(['id', 'name', 'start_time', 'end_time', 'sort']);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    const rows = await query.orderBy('sort').orderBy('start_time').orderBy('id').execute();
    return rows.map(templateOf);
  }

  async createTemplate(body: ShiftTemplateFields, scope: OwnerScope): Promise<ShiftTemplate> {
    await this.assertNameFree('shift_templates', body.name, scope.home, null);
    const row = await this.db
      .insertInto('shift_templates')
      .values({ owner_user_id: scope.home, name: body.name, start_time: body.start, end_time: body.end, sort: body.sort })
      .returning(['id', 'name', 'start_time', 'end_time', 'sort'])
      .executeTakeFirstOrThrow();
    return templateOf(row);
  }

  async updateTemplate(id: number, body: ShiftTemplateFields): Promise<ShiftTemplate> {
    const owner = await this.ownerOf('shift_templates', id, 'Shift');
    await this.assertNameFree('shift_templates', body.name, (await ownerTreeOf(this.db, owner)).home, id);
    const row = await this.db
      .updateTable('shift_templates')
      .set({ name: body.name, start_time: body.start, end_time: body.end, sort: body.sort })
      .where('id', '=', id)
      .returning(['id', 'name', 'start_time', 'end_time', 'sort'])
      .executeTakeFirst();
    if (!row) throw notFound('Shift', id);
    return templateOf(row);
  }

  /** Deleting a shift deletes its rota slots (cascade). */
  async removeTemplate(id: number): Promise<void> {
    await this.db.deleteFrom('shift_rota').where('shift_id', '=', id).execute();
    const result = await this.db.deleteFrom('shift_templates').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Shift', id);
  }

  // ---- teams ----
  /** The caller's teams; with a department, those of the department's tree. */
  async teams(scope: OwnerScope, departmentId?: number): Promise<ShiftTeam[]> {
    const owners = departmentId === undefined ? scoped(scope) : ownerIds(await this.departmentTree(departmentId, scope));
    let query = this.db.selectFrom('shift_teams').select(['id', 'name', 'sort']);
    if (owners) query = query.where('owner_user_id', 'in', owners);
    return query.orderBy('sort').orderBy('name').orderBy('id').execute();
  }

  async createTeam(body: ShiftTeamFields, scope: OwnerScope): Promise<ShiftTeam> {
    await this.assertNameFree('shift_teams', body.name, scope.home, null);
    return this.db
      .insertInto('shift_teams')
      .values({ owner_user_id: scope.home, name: body.name, sort: body.sort })
      .returning(['id', 'name', 'sort'])
      .executeTakeFirstOrThrow();
  }

  async updateTeam(id: number, body: ShiftTeamFields): Promise<ShiftTeam> {
    const owner = await this.ownerOf('shift_teams', id, 'Team');
    await this.assertNameFree('shift_teams', body.name, (await ownerTreeOf(this.db, owner)).home, id);
    const row = await this.db
      .updateTable('shift_teams')
      .set({ name: body.name, sort: body.sort })
      .where('id', '=', id)
      .returning(['id', 'name', 'sort'])
      .executeTakeFirst();
    if (!row) throw notFound('Team', id);
    return row;
  }

  /** Deleting a team leaves its rota slots unplanned (team null). */
  async removeTeam(id: number): Promise<void> {
    await this.db.updateTable('shift_rota').set({ team_id: null }).where('team_id', '=', id).execute();
    const result = await this.db.deleteFrom('shift_teams').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('Team', id);
  }

  // ---- rota ----
  /** The department's planned slots from..to (inclusive), by day and shift order. */
  async rota(departmentId: number, from: string, to: string, scope: OwnerScope): Promise<RotaSlot[]> {
    await this.departmentTree(departmentId, scope);
    checkRange(from, to);
    const rows = await this.db
      .selectFrom('shift_rota')
      .select(['day', 'shift_id', 'team_id'])
      .where('department_id', '=', departmentId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .orderBy('shift_id')
      .execute();
    return rows.map((row) => ({ day: row.day, shiftId: row.shift_id, teamId: row.team_id }));
  }

  /** Replaces one day's plan of a department: the slots given (a null team = nobody planned: no slot kept). */
  async putDay(body: RotaDayFields, scope: OwnerScope): Promise<RotaSlot[]> {
    const tree = await this.departmentTree(body.departmentId, scope);
    const issues: FieldIssue[] = [];
    const seen = new Set<number>();
    body.slots.forEach((slot, i) => {
      if (seen.has(slot.shiftId)) issues.push({ field: `slots.${i}.shiftId`, rule: 'unique', message: `Shift ${slot.shiftId} is given twice` });
      seen.add(slot.shiftId);
    });
    await this.checkReferences(
      body.slots.map((slot, i) => ({ field: `slots.${i}`, shiftId: slot.shiftId, teamId: slot.teamId })),
      tree,
      issues,
    );
    if (issues.length) throw validationError(issues);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('shift_rota').where('department_id', '=', body.departmentId).where('day', '=', body.day).execute();
      const rows = body.slots
        .filter((slot) => slot.teamId !== null)
        .map((slot) => ({ owner_user_id: tree.home, department_id: body.departmentId, day: body.day, shift_id: slot.shiftId, team_id: slot.teamId }));
      if (rows.length) await trx.insertInto('shift_rota').values(rows).execute();
    });
    return this.rota(body.departmentId, body.day, body.day, scope);
  }

  /**
   * Generates the plan from..to: the i-th day (from = 0) gives each shift of the pattern `teamIds[i mod length]`
   * (null = nobody); shifts not in the pattern keep their slots. Answers the number of slots written.
   */
  async fill(body: RotaFillFields, scope: OwnerScope): Promise<{ days: number; slots: number }> {
    const tree = await this.departmentTree(body.departmentId, scope);
    checkRange(body.from, body.to);
    const issues: FieldIssue[] = [];
    const seen = new Set<number>();
    body.pattern.forEach((entry, i) => {
      if (seen.has(entry.shiftId)) issues.push({ field: `pattern.${i}.shiftId`, rule: 'unique', message: `Shift ${entry.shiftId} is given twice` });
      seen.add(entry.shiftId);
    });
    await this.checkReferences(
      body.pattern.flatMap((entry, i) => [
        { field: `pattern.${i}`, shiftId: entry.shiftId, teamId: null },
        ...entry.teamIds.map((teamId, k) => ({ field: `pattern.${i}.teamIds.${k}`, shiftId: null, teamId })),
      ]),
      tree,
      issues,
    );
    if (issues.length) throw validationError(issues);
    const days = daysBetween(body.from, body.to);
    const shiftIds = body.pattern.map((entry) => entry.shiftId);
    const rows = days.flatMap((day, index) =>
      body.pattern.flatMap((entry) => {
        const teamId = entry.teamIds[index % entry.teamIds.length] ?? null;
        return teamId === null ? [] : [{ owner_user_id: tree.home, department_id: body.departmentId, day, shift_id: entry.shiftId, team_id: teamId }];
      }),
    );
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('shift_rota')
        .where('department_id', '=', body.departmentId)
        .where('day', '>=', body.from)
        .where('day', '<=', body.to)
        .where('shift_id', 'in', shiftIds)
        .execute();
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('shift_rota')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    return { days: days.length, slots: rows.length };
  }

  /** The tree of a department the caller reaches; another tree's department reads as missing. */
  async departmentTree(departmentId: number, scope: OwnerScope): Promise<OwnerScope & { all: false }> {
    const department = await this.db.selectFrom('departments').select('owner_user_id').where('id', '=', departmentId).executeTakeFirst();
    const owners = scoped(scope);
    if (!department || (owners && !owners.includes(department.owner_user_id))) throw invalid('departmentId', `${departmentId} does not exist`, 'unknown');
    return ownerTreeOf(this.db, department.owner_user_id);
  }

  private async checkReferences(
    refs: { field: string; shiftId: number | null; teamId: number | null }[],
    tree: OwnerScope & { all: false },
    issues: FieldIssue[],
  ): Promise<void> {
    const owners = [...tree.owners];
    const shiftIds = [...new Set(refs.flatMap((ref) => (ref.shiftId === null ? [] : [ref.shiftId])))];
    const teamIds = [...new Set(refs.flatMap((ref) => (ref.teamId === null ? [] : [ref.teamId])))];
    const knownShifts = new Set(
      shiftIds.length && owners.length
        ? (await this.db.selectFrom('shift_templates').select('id').where('id', 'in', shiftIds).where('owner_user_id', 'in', owners).execute()).map(
            (row) => row.id,
          )
        : [],
    );
    const knownTeams = new Set(
      teamIds.length && owners.length
        ? (await this.db.selectFrom('shift_teams').select('id').where('id', 'in', teamIds).where('owner_user_id', 'in', owners).execute()).map((row) => row.id)
        : [],
    );
    for (const ref of refs) {
      if (ref.shiftId !== null && !knownShifts.has(ref.shiftId))
        issues.push({ field: `${ref.field}.shiftId`, rule: 'unknown', message: `Shift ${ref.shiftId} does not exist` });
      if (ref.teamId !== null && !knownTeams.has(ref.teamId)) {
        const field = ref.field.includes('teamIds') ? ref.field : `${ref.field}.teamId`;
        issues.push({ field, rule: 'unknown', message: `Team ${ref.teamId} does not exist` });
      }
    }
  }

  private async ownerOf(table: 'shift_templates' | 'shift_teams', id: number, label: string): Promise<number> {
    const row = await this.db.selectFrom(table).select('owner_user_id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(label, id);
    return row.owner_user_id;
  }

  /** Names are unique within a tree (a rota picks shifts and teams by name). */
  private async assertNameFree(table: 'shift_templates' | 'shift_teams', name: string, home: number, exceptId: number | null): Promise<void> {
    const tree = await ownerTreeOf(this.db, home);
    let query = this.db
      .selectFrom(table)
      .select('id')
      .where('name', '=', name)
      .where('owner_user_id', 'in', [...tree.owners, home]);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw invalid('name', `"${name}" is already used`, 'unique');
  }
}

/** from..to must be in order and span at most `maxDays` days. */
export function checkRange(from: string, to: string, maxDays = ROTA_MAX_DAYS): void {
  if (to < from) throw invalid('to', 'to must not be before from', 'range');
  if (addDays(from, maxDays - 1) < to) throw invalid('to', `At most ${maxDays} days at once`, 'range');
}
