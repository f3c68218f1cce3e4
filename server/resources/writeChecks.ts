import { AppError } from '../http/appError';
import type { AnyDb, ResourceTable, Row } from './resourceTable';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

function refused(field: string, rule: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field, rule, message }] } });
}

/** No other row may hold a unique field's value: `code "M001" is already used`. */
export async function checkUnique(db: AnyDb, mapping: ResourceTable, input: Row, id?: number): Promise<void> {
  for (const field of mapping.unique) {
    const column = mapping.columns[field];
    const value = input[field];
    if (!column || value === undefined || value === null) continue;
    let query = db.selectFrom(mapping.table).select('id').where(column, '=', value);
    if (id !== undefined) query = query.where('id', '!=', id);
    if (await query.executeTakeFirst()) throw refused(field, 'unique', `${field} "${String(value)}" is already used`);
  }
}

/**
 * Every id a field points at must exist in the caller's trees (a row of another tree is answered as one
 * that does not exist, so nothing about it leaks); a row may not be its own parent.
 */
export async function checkReferences(db: AnyDb, mapping: ResourceTable, input: Row, scope: OwnerScope, id?: number): Promise<void> {
  for (const [field, table] of Object.entries(mapping.references ?? {})) {
    const value = input[field];
    const ids = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
    if (ids.length === 0) continue;
    if (table === mapping.table && id !== undefined && ids.includes(id)) {
      throw refused(field, 'self', `${field}: a record cannot be its own parent`);
    }
    let query = db.selectFrom(table).select('id').where('id', 'in', ids);
    const owners = ownerIds(scope);
    // Users are the tree itself; every other referenced table carries its owner.
    if (owners !== null) query = table === 'users' ? query.where('id', 'in', owners) : query.where('owner_user_id', 'in', owners);
    const found = await query.execute();
    const known = new Set(found.map((row) => Number(row.id)));
    const missing = ids.find((ref) => !known.has(ref));
    if (missing !== undefined) throw refused(field, 'exists', `${field}: ${missing} does not exist`);
  }
}
