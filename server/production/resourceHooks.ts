import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import type { AnyDb, ResourceHooks } from '../resources/resourceTable';
import { ownerIds, ownerTreeOf } from '../tenancy/ownerScope';
import { lineTemplates } from './lineData';

const typed = (db: AnyDb) => db as unknown as Kysely<Database>;

/** A product or line with output records is not deleted: its records (and the SEC they gave) would vanish with it. */
function guardRecords(column: 'product_id' | 'line_id', table: 'products' | 'product_lines', what: string): ResourceHooks['beforeDelete'] {
  return async (anyDb, ids) => {
    const db = typed(anyDb);
    const used = await db
      .selectFrom('product_records')
      .select(column)
      .where(column, 'in', [...ids])
      .executeTakeFirst();
    if (!used) return;
    const row = await db.selectFrom(table).select('code').where('id', '=', used[column]).executeTakeFirstOrThrow();
    throw new AppError('VALIDATION_FAILED', { message: `${what} "${row.code}" has output records: delete them first` });
  };
}

export const productHooks: ResourceHooks = { beforeDelete: guardRecords('product_id', 'products', 'Product') };
export const productLineHooks: ResourceHooks = { beforeDelete: guardRecords('line_id', 'product_lines', 'Line') };

/**
 * Output records: a shift must be a shift template's name where the line takes its shifts from (its department's
 * tree), and a reference may be used once in the line's tree (integrators resend with it to correct a record).
 */
export async function checkOutputRecord(
  db: Kysely<Database>,
  input: { lineId: number; shift: string; reference: string },
  id: number | undefined,
): Promise<{ ownerTree: number[] }> {
  const line = await db.selectFrom('product_lines').select(['owner_user_id', 'department_id']).where('id', '=', input.lineId).executeTakeFirstOrThrow();
  const ownerTree = ownerIds(await ownerTreeOf(db, line.owner_user_id)) ?? [-1];
  if (input.shift !== '') {
    const templates = await lineTemplates(db, line);
    if (!templates.some((template) => template.name === input.shift))
      throw validationError([
        {
          field: 'shift',
          rule: 'exists',
          message: `No shift named "${input.shift}" where this line takes its shifts from (${templates.map((t) => t.name).join(', ') || 'none set'})`,
        },
      ]);
  }
  if (input.reference !== '') {
    let query = db.selectFrom('product_records').select('id').where('reference', '=', input.reference).where('owner_user_id', 'in', ownerTree);
    if (id !== undefined) query = query.where('id', '!=', id);
    if (await query.executeTakeFirst())
      throw validationError([{ field: 'reference', rule: 'unique', message: `reference "${input.reference}" is already used` }]);
  }
  return { ownerTree };
}

export const productRecordHooks: ResourceHooks = {
  async beforeWrite({ db, input, id }) {
    await checkOutputRecord(typed(db), input as { lineId: number; shift: string; reference: string }, id);
    return {};
  },
};
