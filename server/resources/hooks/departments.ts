import { MAX_DEPARTMENT_LEVEL } from '@shared/resources';
import { AppError } from '../../http/appError';
import type { AnyDb, ResourceHooks, Row } from '../resourceTable';
import { departmentLevels, type DepartmentLink } from './departmentLevels';

function refused(field: string, rule: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field, rule, message }] } });
}

const links = async (db: AnyDb): Promise<DepartmentLink[]> =>
  (await db.selectFrom('departments').select(['id', 'name', 'parent_id', 'level']).execute()).map((row: Row) => ({
    id: Number(row.id),
    name: String(row.name),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    level: Number(row.level),
  }));

/**
 * Departments: the level follows the parent (spec §9: at most 3), a department in use is not deleted, and a deleted
 * department's tariff assignments go with it (tariff_assignments.target_id has no foreign key).
 */
export const departmentHooks: ResourceHooks = {
  /** Spec §9: at most 3 levels, for the department and everything below it. */
  async beforeWrite({ db, input, id }) {
    const plan = departmentLevels(await links(db), id, (input.parentId as number | null) ?? null);
    if (plan.cycle) throw refused('parentId', 'cycle', 'A department cannot be placed under itself or one of its sub-departments');
    if (plan.deepest > MAX_DEPARTMENT_LEVEL) {
      const message =
        plan.parent && plan.parent.level >= MAX_DEPARTMENT_LEVEL
          ? `"${plan.parent.name}" is on level ${MAX_DEPARTMENT_LEVEL}: departments may have at most ${MAX_DEPARTMENT_LEVEL} levels`
          : `Moving here would put sub-departments below level ${MAX_DEPARTMENT_LEVEL}: departments may have at most ${MAX_DEPARTMENT_LEVEL} levels`;
      throw refused('parentId', 'maxLevel', message);
    }
    for (const [descendant, level] of plan.descendants) await db.updateTable('departments').set({ level }).where('id', '=', descendant).execute();
    return { level: plan.level };
  },
  async beforeDelete(db, ids) {
    const child = await db.selectFrom('departments').select(['parent_id', 'name']).where('parent_id', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (child)
      throw new AppError('VALIDATION_FAILED', {
        message: `This department still has sub-departments (e.g. "${String(child.name)}"); delete or move them first`,
      });
    const meter = await db.selectFrom('meters').select(['code']).where('department_id', 'in', ids).executeTakeFirst();
    if (meter)
      throw new AppError('VALIDATION_FAILED', { message: `This department still has meters (e.g. "${String(meter.code)}"); move or delete them first` });
    // Without sub-departments or meters no meter priced through these assignments is left: nothing to recompute.
    // Kept, they would price a later department given the same id (SQLite may reuse one).
    await db.deleteFrom('tariff_assignments').where('target', '=', 'department').where('target_id', 'in', ids).execute();
  },
};
