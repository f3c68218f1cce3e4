import type { Kysely, Selectable } from 'kysely';
import type { FuelRowView, ImportBatchView, ImportRowError, Page, PowerRowView } from '@shared/powerImports/api';
import type { FuelKind, FuelUnit, ImportBatchState, ImportKind, ImportObjectKind, ImportRowErrorReason, PowerUnit } from '@shared/powerImports/constants';
import type { ImportBatchListQuery, ImportMapping, ImportPageQuery } from '@shared/powerImports/schemas';
import type { Database } from '../db/schema';
import type { ImportBatchesTable } from '../db/powerImportsSchema';
import { AppError } from '../http/appError';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { convertAt } from './fuelConversion';
import type { FuelFactorStore } from './fuelFactorStore';
import type { ImportUploads } from './importUploads';

type BatchRow = Selectable<ImportBatchesTable> & { created_true_name: string | null; created_username: string | null };

const numberOrNull = (value: number | null): number | null => (value === null ? null : Number(value));

export function batchView(row: BatchRow): ImportBatchView {
  return {
    id: Number(row.id),
    kind: row.kind as ImportKind,
    fileName: row.file_name,
    sheet: row.sheet,
    mapping: JSON.parse(row.mapping) as ImportMapping,
    progress: {
      state: row.state as ImportBatchState,
      totalRows: Number(row.total_rows),
      rowsDone: Number(row.rows_done),
      importedRows: Number(row.imported_rows),
      rejectedRows: Number(row.rejected_rows),
    },
    totalValue: Number(row.total_value),
    periodFrom: numberOrNull(row.period_from),
    periodTo: numberOrNull(row.period_to),
    error: row.error,
    createdAt: Number(row.created_at),
    createdBy: row.created_true_name || row.created_username || null,
    startedAt: numberOrNull(row.started_at),
    finishedAt: numberOrNull(row.finished_at),
    undoneAt: numberOrNull(row.undone_at),
    undoneBy: row.undone_by_name,
    comparedAt: numberOrNull(row.compared_at),
  };
}

const notFound = (id: number) => new AppError('NOT_FOUND', { message: `Import ${id} was not found` });

/**
 * Import batches: created queued (the worker in importWorker.ts does them), listed, read with their progress,
 * their rejected rows and imported rows, and undone (rows deleted, the batch kept as 'undone' with who and when).
 */
export class ImportBatches {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly uploads: ImportUploads,
    private readonly factors: FuelFactorStore,
    private readonly timeZone: string,
    private readonly nudge: () => void,
  ) {}

  private selectBatches() {
    return this.db
      .selectFrom('import_batches as b')
      .leftJoin('users as u', 'u.id', 'b.created_by')
      .selectAll('b')
      .select(['u.true_name as created_true_name', 'u.username as created_username']);
  }

  /** A batch of this kind (the routes' by-id check already placed it in the caller's tree). */
  async get(kind: ImportKind, id: number): Promise<ImportBatchView> {
    const row = await this.selectBatches().where('b.id', '=', id).executeTakeFirst();
    if (!row || row.kind !== kind) throw notFound(id);
    return batchView(row as BatchRow);
  }

  async create(scope: OwnerScope, userId: number, kind: ImportKind, uploadId: number, mapping: ImportMapping, now = Date.now()): Promise<ImportBatchView> {
    const upload = await this.uploads.load(scope, kind, uploadId, now);
    const row = await this.db
      .insertInto('import_batches')
      .values({
        owner_user_id: scope.home,
        kind,
        upload_id: upload.id,
        file_name: upload.fileName,
        sheet: upload.file.format === 'xlsx' ? (mapping.sheet ?? upload.file.sheets[0]?.name ?? '') : '',
        mapping: JSON.stringify(mapping),
        state: 'queued',
        created_by: userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.nudge();
    return this.get(kind, Number(row.id));
  }

  async list(scope: OwnerScope, kind: ImportKind, query: ImportBatchListQuery): Promise<Page<ImportBatchView>> {
    const owners = ownerIds(scope);
    let base = this.db.selectFrom('import_batches').where('kind', '=', kind);
    if (owners) base = base.where('owner_user_id', 'in', owners);
    if (query.state) base = base.where('state', '=', query.state);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let rows = this.selectBatches().where('b.kind', '=', kind);
    if (owners) rows = rows.where('b.owner_user_id', 'in', owners);
    if (query.state) rows = rows.where('b.state', '=', query.state);
    const items = await rows
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { items: items.map((row) => batchView(row as BatchRow)), total, page: query.page, size: query.size };
  }

  async errors(kind: ImportKind, id: number, query: ImportPageQuery): Promise<Page<ImportRowError>> {
    await this.get(kind, id);
    const total = Number(
      (
        await this.db
          .selectFrom('import_row_errors')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('batch_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const rows = await this.db
      .selectFrom('import_row_errors')
      .selectAll()
      .where('batch_id', '=', id)
      .orderBy('line')
      .orderBy('id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const items = rows.map((row): ImportRowError => ({
      line: Number(row.line),
      reason: row.reason as ImportRowErrorReason,
      column: row.column_name,
      value: row.value,
      detail: row.detail,
      otherBatchId: numberOrNull(row.other_batch_id),
      otherLine: null,
    }));
    return { items, total, page: query.page, size: query.size };
  }

  /** The rows a batch imported (none once undone), with their object's code and name; fuel rows converted as of now. */
  async rows(kind: ImportKind, id: number, query: ImportPageQuery): Promise<Page<PowerRowView> | Page<FuelRowView>> {
    const batch = await this.get(kind, id);
    const table = kind === 'power' ? 'imported_power' : 'imported_fuel';
    const total = Number(
      (
        await this.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('batch_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = { total, page: query.page, size: query.size };
    const names = async (refs: { object_kind: string; object_id: number }[]) => objectNames(this.db, refs);
    if (kind === 'power') {
      const rows = await this.db
        .selectFrom('imported_power')
        .selectAll()
        .where('batch_id', '=', id)
        .orderBy('line')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute();
      const named = await names(rows);
      return {
        ...page,
        items: rows.map((row) => ({
          ...named(row.object_kind, Number(row.object_id)),
          line: Number(row.line),
          periodStart: Number(row.period_start),
          periodEnd: Number(row.period_end),
          value: Number(row.source_value),
          unit: row.source_unit as PowerUnit,
          kwh: Number(row.kwh),
        })),
      };
    }
    const rows = await this.db
      .selectFrom('imported_fuel')
      .selectAll()
      .where('batch_id', '=', id)
      .orderBy('line')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    const named = await names(rows);
    const owner = Number(
      (await this.db.selectFrom('import_batches').select('owner_user_id').where('id', '=', batch.id).executeTakeFirstOrThrow()).owner_user_id,
    );
    const versions = (await this.factors.versionsOf([owner])).get(owner) ?? [];
    const items: FuelRowView[] = [];
    for (const row of rows) {
      const base = { fuel: row.fuel as FuelKind, quantity: Number(row.quantity), unit: row.unit as FuelUnit, periodStart: Number(row.period_start) };
      const converted = convertAt(base, versions, this.timeZone);
      if ('reason' in converted) continue; // a version without the density the row's unit needs: left out, the summary says so
      items.push({ ...named(row.object_kind, Number(row.object_id)), line: Number(row.line), ...base, periodEnd: Number(row.period_end), ...converted });
    }
    return { ...page, items };
  }

  /** Undo: the batch's rows deleted and the batch kept as 'undone' with who and when; only a finished batch. */
  async undo(kind: ImportKind, id: number, user: { id: number; name: string }, now = Date.now()): Promise<ImportBatchView> {
    await this.get(kind, id);
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('import_batches')
        .set({ state: 'undone', undone_by: user.id, undone_by_name: user.name, undone_at: now })
        .where('id', '=', id)
        .where('state', '=', 'done')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError('IMPORT_NOT_UNDOABLE');
      await trx
        .deleteFrom(kind === 'power' ? 'imported_power' : 'imported_fuel')
        .where('batch_id', '=', id)
        .execute();
    });
    return this.get(kind, id);
  }
}

/** id → code and name of the meters and departments rows name; a deleted object reads as its id. */
export async function objectNames(
  db: Kysely<Database>,
  refs: readonly { object_kind: string; object_id: number }[],
): Promise<(kind: string, id: number) => { objectKind: ImportObjectKind; objectId: number; code: string; name: string }> {
  const ids = (kind: string) => [...new Set(refs.filter((ref) => ref.object_kind === kind).map((ref) => Number(ref.object_id)))];
  const meterIds = ids('meter');
  const departmentIds = ids('department');
  const [meters, departments] = await Promise.all([
    meterIds.length ? db.selectFrom('meters').select(['id', 'code', 'name']).where('id', 'in', meterIds).execute() : [],
    departmentIds.length ? db.selectFrom('departments').select(['id', 'code', 'name']).where('id', 'in', departmentIds).execute() : [],
  ]);
  const known = new Map<string, { code: string; name: string }>();
  for (const row of meters) known.set(`meter:${row.id}`, row);
  for (const row of departments) known.set(`department:${row.id}`, row);
  return (kind, id) => {
    const found = known.get(`${kind}:${id}`);
    return { objectKind: kind as ImportObjectKind, objectId: id, code: found?.code ?? '', name: found?.name ?? `#${id}` };
  };
}
