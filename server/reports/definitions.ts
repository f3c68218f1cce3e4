import type { Kysely } from 'kysely';
import type { ReportDefinitionBody, ReportSpec } from '@shared/reports/spec';
import { reportSpecSchema } from '@shared/reports/spec';
import type { ReportDefinitionView } from '@shared/reports/types';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

export interface DefinitionActor {
  userId: number;
  scope: OwnerScope;
}

export interface DefinitionListQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
}

type DefinitionRow = {
  id: number;
  owner_user_id: number;
  name: string;
  description: string;
  template: string | null;
  spec: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
};

/**
 * Report definitions of a user tree: a name, a description, the template it came from and its validated spec
 * (stored as JSON). Reads of one id are checked against the caller's tree by the route (tenancy kind
 * `report_definitions`); lists are scoped here.
 */
export class ReportDefinitions {
  constructor(private readonly db: Kysely<Database>) {}

  async list(scope: OwnerScope, query: DefinitionListQuery): Promise<{ total: number; rows: ReportDefinitionView[] }> {
    let select = this.db.selectFrom('report_definitions');
    const owners = ownerIds(scope);
    if (owners) select = select.where('owner_user_id', 'in', owners);
    const keyword = query.keyword?.trim().replace(/[%_]/g, '');
    if (keyword) {
      const like = `%${keyword.toLowerCase()}%`;
      select = select.where((eb) => eb.or([eb(eb.fn('lower', ['name']), 'like', like), eb(eb.fn('lower', ['description']), 'like', like)]));
    }
    const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted.n), rows: await this.views(rows) };
  }

  async get(id: number): Promise<ReportDefinitionView> {
    const row = await this.db.selectFrom('report_definitions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: `Report definition ${id} was not found` });
    return (await this.views([row]))[0]!;
  }

  /** The stored spec, read again through the schema (defaults of fields added since it was saved). */
  async spec(id: number): Promise<{ name: string; spec: ReportSpec; ownerUserId: number }> {
    const view = await this.get(id);
    return { name: view.name, spec: view.spec, ownerUserId: view.ownerUserId };
  }

  async create(body: ReportDefinitionBody, actor: DefinitionActor, now = Date.now()): Promise<ReportDefinitionView> {
    await assertObjectsInTree(this.db, actor.scope, body.spec.objects);
    const row = await this.db
      .insertInto('report_definitions')
      .values({
        owner_user_id: actor.scope.home,
        name: body.name,
        description: body.description,
        template: body.template,
        spec: JSON.stringify(body.spec),
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(row.id);
  }

  async update(id: number, body: ReportDefinitionBody, scope: OwnerScope, now = Date.now()): Promise<ReportDefinitionView> {
    await this.get(id);
    await assertObjectsInTree(this.db, scope, body.spec.objects);
    await this.db
      .updateTable('report_definitions')
      .set({ name: body.name, description: body.description, template: body.template, spec: JSON.stringify(body.spec), updated_at: now })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /** Deletes the definition and its schedules (cascade); generated files keep their copy of the spec. */
  async delete(id: number): Promise<void> {
    await this.get(id);
    await this.db.transaction().execute(async (trx) => {
      const schedules = trx.selectFrom('report_schedules').select('id').where('definition_id', '=', id);
      await trx.updateTable('report_runs').set({ schedule_id: null }).where('schedule_id', 'in', schedules).execute();
      await trx.deleteFrom('report_schedules').where('definition_id', '=', id).execute();
      await trx.updateTable('report_runs').set({ definition_id: null }).where('definition_id', '=', id).execute();
      await trx.deleteFrom('report_definitions').where('id', '=', id).execute();
    });
  }

  private async views(rows: DefinitionRow[]): Promise<ReportDefinitionView[]> {
    if (!rows.length) return [];
    const userIds = [...new Set(rows.map((row) => row.created_by).filter((id): id is number => id !== null))];
    const users = userIds.length ? await this.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute() : [];
    const names = new Map(users.map((user) => [user.id, user.username]));
    const counts = await this.db
      .selectFrom('report_schedules')
      .select(['definition_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'definition_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('definition_id')
      .execute();
    const schedules = new Map(counts.map((count) => [count.definition_id, Number(count.n)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      template: row.template,
      spec: reportSpecSchema.parse(JSON.parse(row.spec)),
      ownerUserId: row.owner_user_id,
      createdBy: row.created_by === null ? '' : (names.get(row.created_by) ?? ''),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      schedules: schedules.get(row.id) ?? 0,
    }));
  }
}

const OBJECT_TABLES = { meter: 'meters', department: 'departments', subitem: 'subitems', room: 'rooms', line: 'product_lines', ship: 'ships' } as const;

/**
 * The objects a spec names must be in the caller's tree: an id of another tree is answered as one that does not
 * exist (`body.spec.objects.ids: 7 does not exist`), like every other reference (server/tenancy/README.md).
 */
export async function assertObjectsInTree(db: Kysely<Database>, scope: OwnerScope, objects: ReportSpec['objects']): Promise<void> {
  const ids = [...new Set(objects.ids)];
  if (!ids.length) return;
  let query = db.selectFrom(OBJECT_TABLES[objects.kind]).select('id').where('id', 'in', ids);
  const owners = ownerIds(scope);
  if (owners) query = query.where('owner_user_id', 'in', owners);
  const found = new Set((await query.execute()).map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw validationError(missing.map((id) => ({ field: 'body.spec.objects.ids', rule: 'custom', message: `${id} does not exist` })));
}
