import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AlarmKind, AlarmSeverity, PushChannel, PushTask, pushTaskSchema } from '@shared/schemas';
import type { Database, PushTasksTable } from '../db/schema';
import { flag, isSet } from '../db/columns';
import { validationError } from '../http/appError';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

export type PushTaskBody = z.output<typeof pushTaskSchema>;
type TaskRow = Selectable<PushTasksTable>;
/** A task as the dispatcher needs it: with the tree it pushes for. */
export type OwnedPushTask = PushTask & { ownerUserId: number };

const displayName = (user: { true_name: string; username: string }) => user.true_name || user.username;

/** push_tasks and their recipients (push_task_recipients). */
export class PushTasks {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Recipients, template (of the task's channel) and department must exist in the caller's tree; 40000
   * naming the field otherwise (another tree's are answered as ones that do not exist).
   */
  async check(body: PushTaskBody, scope: OwnerScope): Promise<void> {
    const owners = ownerIds(scope);
    const ids = [...new Set(body.recipientIds)];
    let userQuery = this.db.selectFrom('users').select('id').where('id', 'in', ids);
    if (owners) userQuery = userQuery.where('id', 'in', owners);
    const users = await userQuery.execute();
    const missing = ids.filter((id) => !users.some((u) => u.id === id));
    if (missing.length > 0) throw validationError([{ field: 'body.recipientIds', rule: 'exists', message: `no user with id ${missing.join(', ')}` }]);
    if (body.templateId !== null) {
      let templateQuery = this.db.selectFrom('push_templates').select(['channel', 'name']).where('id', '=', body.templateId);
      if (owners) templateQuery = templateQuery.where('owner_user_id', 'in', owners);
      const template = await templateQuery.executeTakeFirst();
      if (!template) throw validationError([{ field: 'body.templateId', rule: 'exists', message: `${body.templateId} does not exist` }]);
      if (template.channel !== body.channel) {
        throw validationError([
          { field: 'body.templateId', rule: 'channel', message: `"${template.name}" is a ${template.channel} template, the task pushes on ${body.channel}` },
        ]);
      }
    }
    if (body.departmentId !== null) {
      let departmentQuery = this.db.selectFrom('departments').select('id').where('id', '=', body.departmentId);
      if (owners) departmentQuery = departmentQuery.where('owner_user_id', 'in', owners);
      const department = await departmentQuery.executeTakeFirst();
      if (!department) throw validationError([{ field: 'body.departmentId', rule: 'exists', message: `${body.departmentId} does not exist` }]);
    }
  }

  async list(owners: number[] | null): Promise<PushTask[]> {
    let select = this.db.selectFrom('push_tasks').selectAll();
    if (owners) select = select.where('owner_user_id', 'in', owners);
    return this.describe(await select.orderBy('id').execute());
  }

  async get(id: number): Promise<PushTask | undefined> {
    return (await this.describe(await this.db.selectFrom('push_tasks').selectAll().where('id', '=', id).execute()))[0];
  }

  async create(body: PushTaskBody, scope: OwnerScope, now = Date.now()): Promise<PushTask> {
    await this.check(body, scope);
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('push_tasks')
        .values({ ...columns(body), owner_user_id: scope.home, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('push_task_recipients')
        .values([...new Set(body.recipientIds)].map((userId) => ({ task_id: row.id, user_id: userId })))
        .execute();
      return row.id;
    });
    return (await this.get(id))!;
  }

  async update(id: number, body: PushTaskBody, scope: OwnerScope, now = Date.now()): Promise<PushTask | undefined> {
    await this.check(body, scope);
    const changed = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('push_tasks')
        .set({ ...columns(body), updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('push_task_recipients').where('task_id', '=', id).execute();
      await trx
        .insertInto('push_task_recipients')
        .values([...new Set(body.recipientIds)].map((userId) => ({ task_id: id, user_id: userId })))
        .execute();
      return true;
    });
    return changed ? this.get(id) : undefined;
  }

  /** Deletes the listed tasks of the tree (null: any); others are left alone and not counted. */
  async remove(ids: number[], owners: number[] | null): Promise<number> {
    let remove = this.db.deleteFrom('push_tasks').where('id', 'in', ids);
    if (owners) remove = remove.where('owner_user_id', 'in', owners);
    const result = await remove.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Enabled tasks pushing this kind of alarm (kinds are a short JSON list, filtered here). */
  async enabledFor(kind: AlarmKind): Promise<OwnedPushTask[]> {
    const rows = (await this.db.selectFrom('push_tasks').selectAll().where('enabled', '=', 1).orderBy('id').execute()).filter((row) =>
      (JSON.parse(row.kinds) as string[]).includes(kind),
    );
    const owner = new Map(rows.map((row) => [row.id, Number(row.owner_user_id)]));
    return (await this.describe(rows)).map((task) => ({ ...task, ownerUserId: owner.get(task.id)! }));
  }

  private async describe(rows: TaskRow[]): Promise<PushTask[]> {
    if (rows.length === 0) return [];
    const taskIds = rows.map((r) => r.id);
    const recipients = await this.db
      .selectFrom('push_task_recipients')
      .innerJoin('users', 'users.id', 'push_task_recipients.user_id')
      .select(['push_task_recipients.task_id', 'users.id', 'users.true_name', 'users.username'])
      .where('push_task_recipients.task_id', 'in', taskIds)
      .orderBy('users.id')
      .execute();
    const templateIds = rows.map((r) => r.template_id).filter((id): id is number => id !== null);
    const departmentIds = rows.map((r) => r.department_id).filter((id): id is number => id !== null);
    const [templates, departments] = await Promise.all([
      templateIds.length ? this.db.selectFrom('push_templates').select(['id', 'name']).where('id', 'in', templateIds).execute() : [],
      departmentIds.length ? this.db.selectFrom('departments').select(['id', 'name']).where('id', 'in', departmentIds).execute() : [],
    ]);
    const templateName = new Map(templates.map((t) => [t.id, t.name]));
    const departmentName = new Map(departments.map((d) => [d.id, d.name]));
    return rows.map((row) => {
      const own = recipients.filter((r) => r.task_id === row.id);
      return {
        id: row.id,
        name: row.name,
        enabled: isSet(row.enabled),
        channel: row.channel as PushChannel,
        kinds: JSON.parse(row.kinds) as AlarmKind[],
        minSeverity: row.min_severity as AlarmSeverity,
        departmentId: row.department_id,
        templateId: row.template_id,
        recipientIds: own.map((r) => r.id),
        onRepeat: isSet(row.on_repeat),
        recipientNames: own.map(displayName),
        templateName: row.template_id === null ? null : (templateName.get(row.template_id) ?? null),
        // A deleted department: the task matches nothing until it is edited (see 0006_pushes).
        departmentName: row.department_id === null ? null : (departmentName.get(row.department_id) ?? `deleted department #${row.department_id}`),
        updatedAt: Number(row.updated_at),
      };
    });
  }
}

function columns(body: PushTaskBody) {
  return {
    name: body.name,
    enabled: flag(body.enabled),
    channel: body.channel,
    kinds: JSON.stringify([...new Set(body.kinds)]),
    min_severity: body.minSeverity,
    department_id: body.departmentId,
    template_id: body.templateId,
    on_repeat: flag(body.onRepeat),
  };
}
