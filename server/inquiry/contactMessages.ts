import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { ContactMessage, ContactMessageInput, ContactMessagePage, contactMessageQuerySchema } from '@shared/schemas/inquiry';
import type { ContactMessagesTable, Database } from '../db/schema';

function toMessage(row: Selectable<ContactMessagesTable>): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    handled: Number(row.handled) === 1,
    handledBy: row.handled_by,
    handledAt: row.handled_at === null ? null : Number(row.handled_at),
    createdAt: Number(row.created_at),
  };
}

/** contact_messages: what the contact form sent, newest first, with its handled flag. */
export class ContactMessages {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(owner: number, input: Required<ContactMessageInput>, now = Date.now()): Promise<ContactMessage> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({
        owner_user_id: owner,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        handled: 0,
        handled_by: null,
        handled_at: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMessage(row);
  }

  /** `owners`: the caller's tree (null: every tree). */
  async list(query: z.output<typeof contactMessageQuerySchema>, owners: number[] | null): Promise<ContactMessagePage> {
    let select = this.db.selectFrom('contact_messages');
    if (owners) select = select.where('owner_user_id', 'in', owners);
    if (query.handled !== undefined) select = select.where('handled', '=', query.handled ? 1 : 0);
    if (query.keyword) {
      // Case-insensitive on both engines (PostgreSQL's LIKE is not); wildcards in the keyword are text.
      const like = `%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) =>
        eb.or((['name', 'email', 'subject', 'message'] as const).map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${like} escape '\\'`)),
      );
    }
    const counted = await select.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(counted.n), rows: rows.map(toMessage) };
  }

  /** Marks a message handled (by whom, when) or back to open. The route checked its tree. */
  async setHandled(id: number, handled: boolean, by: string, now = Date.now()): Promise<ContactMessage> {
    await this.db
      .updateTable('contact_messages')
      .set(handled ? { handled: 1, handled_by: by, handled_at: now } : { handled: 0, handled_by: null, handled_at: null })
      .where('id', '=', id)
      .execute();
    return toMessage(await this.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  }
}
