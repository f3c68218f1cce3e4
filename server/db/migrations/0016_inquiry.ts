import type { Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { withId } from '../columns';

/**
 * The inquiry screens: announcements, help articles, each tree's contact details and the messages sent
 * through the contact form. Every row belongs to a user tree (owner_user_id, server/tenancy).
 */
export function inquiry(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await withId(db.schema.createTable('announcements'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        /** Plain text, line breaks kept; never rendered as HTML. */
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        /** '' or /api/files/<sha256>.<ext> of the owner's tree. */
        .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
        /** Audiences as 0/1 flags: a query per audience stays a plain column test. */
        .addColumn('on_login', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_home', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_walls', 'integer', (c) => c.notNull().defaultTo(0))
        /** Calendar days (YYYY-MM-DD) in TIME_ZONE, both included. */
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('ends_on', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('announcements_owner').on('announcements').column('owner_user_id').execute();

      await withId(db.schema.createTable('help_articles'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        /** Markdown; the console renders it without raw HTML. */
        .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('help_articles_owner').on('help_articles').columns(['owner_user_id', 'language']).execute();

      await withId(db.schema.createTable('contact_details'), kind)
        /**
         * One record per tree, kept by the routes rather than a unique key: deleting a top-level account
         * hands its rows to its heir, which may hold a record already (the newest one is read).
         */
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_details_owner').on('contact_details').column('owner_user_id').execute();

      await withId(db.schema.createTable('contact_messages'), kind)
        .addColumn('owner_user_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('handled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('handled_by', 'text')
        .addColumn('handled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_owner').on('contact_messages').columns(['owner_user_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['contact_messages', 'contact_details', 'help_articles', 'announcements']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
