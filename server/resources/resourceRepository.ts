import { sql, type Kysely } from 'kysely';
import type { ListQuery, ResourceDefinition, ResourceOption, ResourcePage } from '@shared/resources';
import { AppError } from '../http/appError';
import { toColumns, toRecord, type AnyDb, type ResourceTable, type Row } from './resourceTable';
import { checkReferences, checkUnique } from './writeChecks';

/** The generic CRUD store behind every resource: one definition, one table mapping. */
export class ResourceRepository {
  constructor(
    private readonly db: AnyDb & Kysely<any>,
    private readonly definition: ResourceDefinition,
    private readonly mapping: ResourceTable,
  ) {}

  async list(query: ListQuery): Promise<ResourcePage<Row>> {
    const { table, columns, search } = this.mapping;
    let base = this.db.selectFrom(table);
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
    const found = await rows.limit(query.size).offset((query.page - 1) * query.size).execute();
    return { total: Number(counted?.total ?? 0), rows: await this.records(this.db, found) };
  }

  async get(id: number, db: AnyDb = this.db): Promise<Row> {
    const row = await db.selectFrom(this.mapping.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `${this.definition.name} ${id} was not found` });
    const [record] = await this.records(db, [row]);
    return record as Row;
  }

  async options(): Promise<ResourceOption[]> {
    const { table, orderBy, optionName, columns } = this.mapping;
    let query = this.db.selectFrom(table).selectAll();
    for (const column of orderBy) query = query.orderBy(column);
    const parentColumn = columns.parentId;
    return (await query.execute()).map((row: Row) => ({
      id: Number(row.id),
      name: optionName ? optionName(row) : String(row.name),
      ...(parentColumn ? { parentId: (row[parentColumn] as number | null) ?? null } : {}),
    }));
  }

  create(input: Row): Promise<Row> {
    return this.db.transaction().execute(async (trx) => {
      const extra = await this.checkWrite(trx, input);
      const inserted = await trx.insertInto(this.mapping.table).values({ ...toColumns(this.mapping, input), ...extra }).returning('id').executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await this.mapping.hooks?.afterWrite?.({ db: trx, input, id });
      return this.get(id, trx);
    });
  }

  update(id: number, input: Row): Promise<Row> {
    return this.db.transaction().execute(async (trx) => {
      await this.get(id, trx);
      const extra = await this.checkWrite(trx, input, id);
      await trx.updateTable(this.mapping.table).set({ ...toColumns(this.mapping, input), ...extra }).where('id', '=', id).execute();
      await this.mapping.hooks?.afterWrite?.({ db: trx, input, id });
      return this.get(id, trx);
    });
  }

  /** Deletes all of `ids` or none; unknown ids are reported, not skipped. */
  remove(ids: readonly number[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom(this.mapping.table).select('id').where('id', 'in', ids).execute();
      const known = new Set(found.map((row: Row) => Number(row.id)));
      const missing = ids.find((id) => !known.has(id));
      if (missing !== undefined) throw new AppError('NOT_FOUND', { message: `${this.definition.name} ${missing} was not found` });
      await this.mapping.hooks?.beforeDelete?.(trx, ids);
      await trx.deleteFrom(this.mapping.table).where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  private async checkWrite(db: AnyDb, input: Row, id?: number): Promise<Row> {
    await checkUnique(db, this.mapping, input, id);
    await checkReferences(db, this.mapping, input, id);
    return (await this.mapping.hooks?.beforeWrite?.({ db, input, ...(id !== undefined ? { id } : {}) })) ?? {};
  }

  private async records(db: AnyDb, rows: Row[]): Promise<Row[]> {
    const records = rows.map((row) => toRecord(this.mapping, row));
    await this.mapping.hooks?.decorate?.(db, records);
    return records;
  }
}
