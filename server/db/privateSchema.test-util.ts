import pg from 'pg';
import { SCHEMA_CHANGE_LOCK } from './migrate';

/**
 * Drops a test file's private PostgreSQL schema. Under the lock migrations take, so another suite's migrator never
 * reads a table being dropped.
 */
export async function dropPrivateSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query('select pg_advisory_unlock($1)', [SCHEMA_CHANGE_LOCK]);
  } finally {
    await client.end();
  }
}
