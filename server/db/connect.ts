import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { startCheckpointer } from './sqliteCheckpointer';
import { postgresWhere, probePostgres } from './postgresProblem';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';

export type DbKind = 'sqlite' | 'postgres';

export interface Storage {
  db: Kysely<Database>;
  kind: DbKind;
  /** PostgreSQL schema the tables live in, when not the default one. */
  schema?: string;
  /** SQLite only: the connection under kysely, for the ingest hot path's prepared statements. */
  sqlite?: SqliteDatabase.Database;
  /** Where the data lives, for the start-up log (never includes a password). */
  describe: string;
  close(): Promise<void>;
}

export interface StorageOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: work inside this schema (tests get one each, so suites never share rows). */
  postgresSchema?: string;
}

// bigint columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openSqlite(dataDir: string): Storage {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'energy.sqlite');
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Ingest touches pages all over the readings and rollup b-trees: keep 64 MB of them in SQLite's own
  // cache and map the file for reads, instead of re-reading pages through the kernel per batch.
  database.pragma('cache_size = -65536');
  database.pragma('mmap_size = 268435456');
  // Checkpoints run in a thread of their own (sqliteCheckpointer); this connection checkpoints itself
  // only past 64 MB of log, a backstop should that thread fall behind.
  database.pragma('wal_autocheckpoint = 16384');
  const checkpointer = startCheckpointer(file, 250, (message) => console.warn(`SQLite checkpoint: ${message}`));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    db,
    kind: 'sqlite',
    sqlite: database,
    describe: `SQLite ${file}`,
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/**
 * The pool with every connection's errors handled. A connection the server closes (a PostgreSQL restart, failover, a cut
 * network) emits 'error' on its client: while idle the pool passes it on as its own 'error', and while checked out (a
 * transaction, a query in flight) nothing listens, so Node ends the process. Each client gets a listener when it
 * is created; the query in flight fails on its own (its caller answers failed or retries), the broken client is
 * dropped when released, and the pool opens a new one on the next query.
 */
export function postgresPool(config: pg.PoolConfig, warn: (message: string) => void = (message) => console.warn(message)): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', (error) => warn(`PostgreSQL: an idle connection was closed (${error.message}); reconnecting on demand`));
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      // Idle clients' errors reach the pool's listener above as well; this one is for a client in use.
      if (client.listenerCount('error') === 1) warn(`PostgreSQL: a connection in use was closed (${error.message}); its work fails and is retried`);
    }),
  );
  return pool;
}

async function openPostgres(url: string, schema: string | undefined): Promise<Storage> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad PostgreSQL schema name "${schema}"`);
  const where = postgresWhere(url);
  await probePostgres(url, where);
  const pool = postgresPool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, kind: 'postgres', ...(schema ? { schema } : {}), describe: `PostgreSQL ${where}`, close: () => db.destroy() };
}

export function openStorage(options: StorageOptions): Promise<Storage> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.postgresSchema) : Promise.resolve(openSqlite(options.dataDir));
}
