import type { Insertable, Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { PushChannel, PushRecord, PushRecordPage, pushRecordQuerySchema, PushState } from '@shared/schemas';
import type { Database, PushRecordsTable } from '../db/schema';

export type PushRecordRow = Selectable<PushRecordsTable>;
export type NewPushRecord = Insertable<PushRecordsTable>;

const time = (v: number | null) => (v === null ? null : Number(v));

function toPushRecord(row: PushRecordRow & { task_name: string | null }): PushRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    taskName: row.task_name,
    alarmId: row.alarm_id,
    channel: row.channel as PushChannel,
    recipientId: row.recipient_id,
    recipientName: row.recipient_name,
    address: row.address,
    subject: row.subject,
    body: row.body,
    state: row.state as PushState,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: time(row.next_attempt_at),
    sentAt: time(row.sent_at),
    createdAt: Number(row.created_at),
  };
}

/** push_records: one message to one address, its delivery state and attempts. */
export class PushRecords {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(records: NewPushRecord[]): Promise<void> {
    if (records.length > 0) await this.db.insertInto('push_records').values(records).execute();
  }

  /** The record; with `owners`, only when its task belongs to that tree (records of no task: administrators only). */
  get(id: number, owners: number[] | null = null): Promise<PushRecordRow | undefined> {
    let select = this.db.selectFrom('push_records').selectAll().where('id', '=', id);
    if (owners) select = select.where('task_id', 'in', this.db.selectFrom('push_tasks').select('id').where('owner_user_id', 'in', owners));
    return select.executeTakeFirst();
  }

  /** Ids of the records of a tree's tasks, as a subquery. */
  idsOfTree(owners: number[]) {
    return this.db
      .selectFrom('push_records')
      .innerJoin('push_tasks', 'push_tasks.id', 'push_records.task_id')
      .select('push_records.id')
      .where('push_tasks.owner_user_id', 'in', owners);
  }

  /** GET /api/push-records: newest first; with `owners`, only the records of that tree's tasks. */
  async list(query: z.output<typeof pushRecordQuerySchema>, owners: number[] | null): Promise<PushRecordPage> {
    let select = this.db.selectFrom('push_records').leftJoin('push_tasks', 'push_tasks.id', 'push_records.task_id');
    if (owners) select = select.where('push_tasks.owner_user_id', 'in', owners);
    if (query.channel) select = select.where('push_records.channel', '=', query.channel);
    if (query.state) select = select.where('push_records.state', '=', query.state);
    if (query.taskId !== undefined) select = select.where('push_records.task_id', '=', query.taskId);
    if (query.alarmId !== undefined) select = select.where('push_records.alarm_id', '=', query.alarmId);
    if (query.from !== undefined) select = select.where('push_records.created_at', '>=', query.from);
    if (query.to !== undefined) select = select.where('push_records.created_at', '<=', query.to);
    if (query.keyword) {
      const like = `%${query.keyword.replace(/[%_]/g, '')}%`;
      select = select.where((eb) =>
        eb.or([
          eb('push_records.address', 'like', like),
          eb('push_records.recipient_name', 'like', like),
          eb('push_records.subject', 'like', like),
          eb('push_records.body', 'like', like),
        ]),
      );
    }
    const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll('push_records')
      .select('push_tasks.name as task_name')
      .orderBy('push_records.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted.n), rows: rows.map(toPushRecord) };
  }

  /** Pending records whose next attempt is due, oldest due first. */
  due(now: number, limit: number): Promise<Pick<PushRecordRow, 'id' | 'attempts'>[]> {
    return this.db
      .selectFrom('push_records')
      .select(['id', 'attempts'])
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due record for one attempt: counts the attempt and moves its next attempt to `leaseUntil`,
   * only if nobody else did since it was read (same attempts, still pending and due). Two server
   * processes therefore never send one record twice; a process that dies mid-send leaves the record to
   * be retried when the lease ends.
   */
  async claim(id: number, attempts: number, now: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('push_records')
      .set({ attempts: attempts + 1, next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('attempts', '=', attempts)
      .where('next_attempt_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async settle(
    id: number,
    fields: Partial<Pick<PushRecordRow, 'state' | 'next_attempt_at' | 'last_error' | 'sent_at' | 'address' | 'attempts'>>,
  ): Promise<void> {
    await this.db.updateTable('push_records').set(fields).where('id', '=', id).execute();
  }

  /** Has this task pushed this alarm at this repeat (or a later one) already? */
  async pushedRepeat(taskId: number, alarmId: number, repeat: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('push_records')
      .select('id')
      .where('alarm_id', '=', alarmId)
      .where('task_id', '=', taskId)
      .where('alarm_repeat', '>=', repeat)
      .executeTakeFirst();
    return row !== undefined;
  }
}
