import { sql, type Kysely } from 'kysely';

/**
 * System-wide settings (/settings/superConfig) in one row, and the claims of periodic jobs: a job that must
 * run once per period however many server processes share the database claims the period here first.
 */
export function siteSettings() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('site_settings')
        /** Always 1: one row for the whole server. */
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        /** '' = the product's own name. */
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('logo_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('favicon_url', 'text', (c) => c.notNull().defaultTo(''))
        /** en, zh, es; null = the browser's language. */
        .addColumn('default_language', 'text')
        /** #RRGGBB; null = the product's colour. */
        .addColumn('theme_color', 'text')
        /** null = raw readings are kept for ever. */
        .addColumn('reading_retention_days', 'integer')
        /** null = TOKEN_TTL_SECONDS. */
        .addColumn('session_minutes', 'integer')
        /** JSON array of menu group paths ('/inquiry'). */
        .addColumn('hidden_groups', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'bigint')
        .addColumn('updated_by', 'text')
        .execute();
      await db.insertInto('site_settings').values({ id: 1 }).execute();
      await db.schema
        .createTable('job_claims')
        /** e.g. 'reading-retention'. */
        .addColumn('job', 'text', (c) => c.primaryKey())
        /** The period last claimed (a local day '2026-11-26'): whoever moved it there runs that period. */
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('job_claims').ifExists().execute();
      await db.schema.dropTable('site_settings').ifExists().execute();
    },
  };
}
