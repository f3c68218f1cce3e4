import { sql, type Kysely } from 'kysely';
import { nounOf, type ListQuery, type ResourceDefinition, type ResourceOption, type ResourcePage } from '@shared/resources';
import { AppError } from '../http/appError';
import { toColumns, toRecord, type AnyDb, type ResourceTable, type Row } from './resourceTable';
import { checkReferences, checkUnique } from './writeChecks';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

/** Rows of the caller's trees only: the one filter every read and write of a resource goes through. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Kysely query builder: their where() overloads share no narrower type
function inTrees<Q extends { where: (...args: any[]) => Q }>(query: Q, scope: OwnerScope, column = 'owner_user_id'): Q {
  const owners = ownerIds(scope);
  return owners === null ? query : query.where(column, 'in', owners);
}

/** The generic CRUD store behind every resource: one definition, one table mapping. */
export class ResourceRepository {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables named at run time by a resource definition are not in the Database type
    private readonly db: AnyDb & Kysely<any>,
    private readonly definition: ResourceDefinition,
    private readonly mapping: ResourceTable,
  ) {}

  async list(query: ListQuery, scope: OwnerScope): Promise<ResourcePage<Row>> {
    const { table, columns, search } = this.mapping;
    let base = inTrees(this.db.selectFrom(table), scope);
    for (const filter of this.definition.listFilters) {
      const value = query[filter.name];
      const column = columns[filter.name];
      if (value === undefined || !column) continue;
      base = base.where(column, '=', filter.kind === 'flag' ? (value ? 1 : 0) : value);
    }
    const keyword = query.keyword;
    if (keyword) {
      const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // An explicit ESCAPE: SQLite has no default escape character, PostgreSQL's is the backslash.
      base = base.where((eb) => eb.or(search.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)));
    }
    const counted = await base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    let rows = base.selectAll();
    for (const column of this.mapping.orderBy) rows = rows.orderBy(column);
    const found = await rows
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted?.total ?? 0), rows: await this.records(this.db, found) };
  }

  async get(id: number, scope: OwnerScope, db: AnyDb = this.db): Promise<Row> {
    const row = await inTrees(db.selectFrom(this.mapping.table).selectAll().where('id', '=', id), scope).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `${nounOf(this.definition)} ${id} was not found` });
    const [record] = await this.records(db, [row]);
    return record as Row;
  }

  async options(scope: OwnerScope): Promise<ResourceOption[]> {
    const { table, orderBy, optionName, columns } = this.mapping;
    let query = inTrees(this.db.selectFrom(table).selectAll(), scope);
    for (const column of orderBy) query = query.orderBy(column);
    const parentColumn = columns.parentId;
    return (await query.execute()).map((row: Row) => ({
      id: Number(row.id),
      name: optionName ? optionName(row) : String(row.name),
      ...(parentColumn ? { parentId: (row[parentColumn] as number | null) ?? null } : {}),
    }));
  }

  /** A new row belongs to the caller's tree (`scope.home`) unless the resource names its owner (gateways). */
  create(input: Row, scope: OwnerScope): Promise<Row> {
    return this.db.transaction().execute((trx) => this.createIn(trx, input, scope));
  }

  /** Creates inside the caller's transaction (an import writes all its rows in one). */
  async createIn(db: AnyDb, input: Row, scope: OwnerScope): Promise<Row> {
    const extra = await this.checkWrite(db, input, scope);
    const values = { owner_user_id: scope.home, ...toColumns(this.mapping, input), ...extra };
    const inserted = await db.insertInto(this.mapping.table).values(values).returning('id').executeTakeFirstOrThrow();
    const id = Number(inserted.id);
    await this.mapping.hooks?.afterWrite?.({ db, input, id });
    return this.get(id, scope, db);
  }

  /** Every row the list query finds, a batch at a time (exports stream them). */
  async *everyPage(query: ListQuery, scope: OwnerScope, batch = 500): AsyncGenerator<Row[]> {
    for (let page = 1; ; page += 1) {
      const { rows } = await this.list({ ...query, page, size: batch }, scope);
      if (rows.length) yield rows;
      if (rows.length < batch) return;
    }
  }

  update(id: number, input: Row, scope: OwnerScope): Promise<Row> {
    return this.db.transaction().execute(async (trx) => {
      await this.get(id, scope, trx);
      const extra = await this.checkWrite(trx, input, scope, id);
      await trx
        .updateTable(this.mapping.table)
        .set({ ...toColumns(this.mapping, input), ...extra })
        .where('id', '=', id)
        .execute();
      await this.mapping.hooks?.afterWrite?.({ db: trx, input, id });
      return this.get(id, scope, trx);
    });
  }

  /** Deletes all of `ids` or none; unknown ids (and ids of other trees) are reported, not skipped. */
  remove(ids: readonly number[], scope: OwnerScope): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const found = await inTrees(trx.selectFrom(this.mapping.table).select('id').where('id', 'in', ids), scope).execute();
      const known = new Set(found.map((row: Row) => Number(row.id)));
      const missing = ids.find((id) => !known.has(id));
      if (missing !== undefined) throw new AppError('NOT_FOUND', { message: `${nounOf(this.definition)} ${missing} was not found` });
      await this.mapping.hooks?.beforeDelete?.(trx, ids);
      await trx.deleteFrom(this.mapping.table).where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  private async checkWrite(db: AnyDb, input: Row, scope: OwnerScope, id?: number): Promise<Row> {
    await checkUnique(db, this.mapping, input, id);
    await checkReferences(db, this.mapping, input, scope, id);
    return (await this.mapping.hooks?.beforeWrite?.({ db, input, ...(id !== undefined ? { id } : {}) })) ?? {};
  }

  private async records(db: AnyDb, rows: Row[]): Promise<Row[]> {
    const records = rows.map((row) => toRecord(this.mapping, row));
    await this.mapping.hooks?.decorate?.(db, records);
    return records;
  }
}
