import type { FastifyPluginAsync } from 'fastify';
import { ok } from '@shared/errors';
import type { DepartmentNode } from '@shared/resources';
import { callerScope } from '../tenancy/routeTenancy';
import { ownerIds } from '../tenancy/ownerScope';

/** GET /api/departments/tree: every department with its direct meter count, for the tree screen. */
export const departmentTreeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/departments/tree', { config: { access: { permission: '/devices/depart' }, tenancy: { kind: 'departments' } } }, async (request) => {
    const db = app.storage.db;
    const owners = ownerIds(await callerScope(request));
    let departmentRows = db.selectFrom('departments').selectAll();
    let meterRows = db.selectFrom('meters');
    if (owners !== null) {
      departmentRows = departmentRows.where('owner_user_id', 'in', owners);
      meterRows = meterRows.where('owner_user_id', 'in', owners);
    }
    const [departments, counts] = await Promise.all([
      departmentRows.orderBy('level').orderBy('sort').orderBy('id').execute(),
      meterRows
        .select((eb) => ['department_id', eb.fn.countAll().as('count')])
        .groupBy('department_id')
        .execute(),
    ]);
    const countOf = new Map(counts.map((row) => [row.department_id, Number(row.count)]));
    const nodes: DepartmentNode[] = departments.map((d) => ({
      id: d.id,
      name: d.name,
      code: d.code,
      parentId: d.parent_id,
      level: d.level,
      sort: d.sort,
      meterCount: countOf.get(d.id) ?? 0,
    }));
    return ok(nodes);
  });
};
