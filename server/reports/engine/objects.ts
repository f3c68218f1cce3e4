import type { ReportSpec } from '@shared/reports/spec';
import { shipsInScope } from '../../ships/shipRecord';
import type { ReportContext, ReportObject } from './reportContext';

type ObjectsSpec = ReportSpec['objects'];

/** Owner filter values, or null for an administrator (every tree). */
const ownerList = (context: ReportContext): number[] | null => (context.owners === 'all' ? null : context.owners.length ? [...context.owners] : [-1]);

/**
 * The objects a spec names, in the caller's tree only (an id of another tree is left out, as if it did not exist),
 * ordered as their lists order them: departments in tree order (parents before children, by sort then id), meters,
 * sub-items, rooms and production lines by code (a line's group department is its department), ships by name as
 * the fleet list orders them (code: the IMO number; no department, energy type 'fuel'). `ids: []` is
 * every object of the kind in the tree. Departments and sub-items have no
 * energy type of their own: they stand for the spec's energy type (electricity when it names none).
 */
export async function resolveObjects(context: ReportContext, objects: ObjectsSpec): Promise<ReportObject[]> {
  const owners = ownerList(context);
  const wanted = objects.ids.length ? new Set(objects.ids) : null;
  const keep = <T extends { id: number }>(rows: T[]) => (wanted ? rows.filter((row) => wanted.has(row.id)) : rows);
  const departmentNames = async (ids: (number | null)[]) => {
    const known = [...new Set(ids.filter((id): id is number => id !== null))];
    if (!known.length) return new Map<number, string>();
    const rows = await context.db.selectFrom('departments').select(['id', 'name']).where('id', 'in', known).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  };
  switch (objects.kind) {
    case 'meter': {
      let query = context.db.selectFrom('meters').select(['id', 'code', 'name', 'department_id', 'energy_type']);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      if (objects.energyType) query = query.where('energy_type', '=', objects.energyType);
      const rows = keep(await query.orderBy('code').orderBy('id').execute());
      const names = await departmentNames(rows.map((row) => row.department_id));
      return rows.map((row) => ({
        kind: 'meter',
        id: row.id,
        code: row.code,
        name: row.name,
        departmentId: row.department_id,
        departmentName: row.department_id === null ? '' : (names.get(row.department_id) ?? ''),
        energyType: row.energy_type,
      }));
    }
    case 'department': {
      let query = context.db.selectFrom('departments').select(['id', 'code', 'name', 'parent_id', 'sort']);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      const all = await query.orderBy('sort').orderBy('id').execute();
      const byId = new Map(all.map((row) => [row.id, row]));
      const children = new Map<number | null, typeof all>();
      for (const row of all) {
        // A parent outside the tree (or gone) makes the department a root of what the caller sees.
        const parent = row.parent_id !== null && byId.has(row.parent_id) ? row.parent_id : null;
        children.set(parent, [...(children.get(parent) ?? []), row]);
      }
      const ordered: typeof all = [];
      const visit = (parent: number | null) => {
        for (const row of children.get(parent) ?? []) {
          ordered.push(row);
          visit(row.id);
        }
      };
      visit(null);
      const energyType = objects.energyType ?? 'electricity';
      const ancestorsOf = (row: (typeof all)[number]): number[] => {
        const chain: number[] = [];
        for (let up = row.parent_id; up !== null && byId.has(up) && !chain.includes(up); up = byId.get(up)!.parent_id) chain.push(up);
        return chain;
      };
      return keep(ordered).map((row) => ({
        kind: 'department',
        ancestorIds: ancestorsOf(row),
        id: row.id,
        code: row.code,
        name: row.name,
        departmentId: row.parent_id,
        departmentName: row.parent_id === null ? '' : (byId.get(row.parent_id)?.name ?? ''),
        energyType,
      }));
    }
    case 'subitem': {
      let query = context.db.selectFrom('subitems').select(['id', 'code', 'name']);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      const energyType = objects.energyType ?? 'electricity';
      return keep(await query.orderBy('code').orderBy('id').execute()).map((row) => ({
        kind: 'subitem',
        id: row.id,
        code: row.code,
        name: row.name,
        departmentId: null,
        departmentName: '',
        energyType,
      }));
    }
    case 'room': {
      let query = context.db.selectFrom('rooms').select(['id', 'code', 'building', 'floor', 'number', 'department_id']);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      const rows = keep(await query.orderBy('code').orderBy('id').execute());
      const names = await departmentNames(rows.map((row) => row.department_id));
      // A room's energy type is its meters' (electricity when it has none yet).
      const types = new Map<number, string>();
      if (rows.length) {
        const meterTypes = await context.db
          .selectFrom('room_meters')
          .innerJoin('meters', 'meters.id', 'room_meters.meter_id')
          .select(['room_meters.room_id', 'meters.energy_type'])
          .where(
            'room_meters.room_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('room_meters.from_ts', 'desc')
          .execute();
        for (const row of meterTypes) if (!types.has(row.room_id)) types.set(row.room_id, row.energy_type);
      }
      return rows
        .map((row): ReportObject => ({
          kind: 'room',
          id: row.id,
          code: row.code,
          name: [row.building, row.floor, row.number].filter((part) => part.trim() !== '').join(' ') || row.code,
          departmentId: row.department_id,
          departmentName: row.department_id === null ? '' : (names.get(row.department_id) ?? ''),
          energyType: types.get(row.id) ?? 'electricity',
        }))
        .filter((object) => !objects.energyType || object.energyType === objects.energyType);
    }
    case 'line': {
      let query = context.db.selectFrom('product_lines').select(['id', 'code', 'name', 'department_id', 'energy_type']);
      if (owners) query = query.where('owner_user_id', 'in', owners);
      if (objects.energyType) query = query.where('energy_type', '=', objects.energyType);
      const rows = keep(await query.orderBy('code').orderBy('id').execute());
      const names = await departmentNames(rows.map((row) => row.department_id));
      return rows.map((row) => ({
        kind: 'line',
        id: row.id,
        code: row.code,
        name: row.name,
        departmentId: row.department_id,
        departmentName: row.department_id === null ? '' : (names.get(row.department_id) ?? ''),
        energyType: row.energy_type,
      }));
    }
    case 'ship': {
      // The ships module's own tree filter and order (server/ships/shipRecord.ts).
      return keep(await shipsInScope(context.db, owners)).map((ship) => ({
        kind: 'ship',
        id: ship.id,
        code: ship.imoNumber,
        name: ship.name,
        departmentId: null,
        departmentName: '',
        energyType: 'fuel',
      }));
    }
  }
}
