import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../connect';
import { ensureReadingPartitions } from '../readingPartitions';

/**
 * PostgreSQL: `readings` becomes a table partitioned by month on `ts` (server/db/readingPartitions.ts), keyed
 * (meter_id, ts) with the register and rate carried in the key's index (INCLUDE), so one meter's raw year is an
 * index-only scan of its own rows instead of one heap page per reading (ingest writes every meter's reading of a
 * quarter hour side by side). The existing rows are copied over in key order, then the old table is dropped.
 * SQLite is unchanged: its WITHOUT ROWID table is already the (meter, ts) b-tree.
 */
export function readingsByMonth(kind: DbKind) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (kind !== 'postgres') return;
      await sql`alter table readings rename to readings_unpartitioned`.execute(db);
      await sql`alter index readings_pk rename to readings_unpartitioned_pk`.execute(db);
      await sql`create table readings (
        meter_id integer not null,
        ts bigint not null,
        register_milli bigint,
        rate_milli bigint,
        extra text,
        constraint readings_pk primary key (meter_id, ts) include (register_milli, rate_milli)
      ) partition by range (ts)`.execute(db);
      // Every month that holds readings gets its partition (besides the window around now); no empty months between.
      const months = await sql<{
        ts: string;
      }>`select distinct (extract(epoch from date_trunc('month', to_timestamp(ts / 1000.0) at time zone 'UTC')) * 1000)::bigint as ts
        from readings_unpartitioned`.execute(db);
      await ensureReadingPartitions(db, Date.now(), { alsoMonthsOf: months.rows.map((row) => Number(row.ts)) });
      await sql`insert into readings (meter_id, ts, register_milli, rate_milli, extra)
        select meter_id, ts, register_milli, rate_milli, extra from readings_unpartitioned order by meter_id, ts`.execute(db);
      await sql`drop table readings_unpartitioned`.execute(db);
    },
    async down(db: Kysely<any>): Promise<void> {
      if (kind !== 'postgres') return;
      await sql`alter table readings rename to readings_partitioned`.execute(db);
      await sql`alter index readings_pk rename to readings_partitioned_pk`.execute(db);
      await sql`create table readings (
        meter_id integer not null,
        ts bigint not null,
        register_milli bigint,
        rate_milli bigint,
        extra text,
        constraint readings_pk primary key (meter_id, ts)
      )`.execute(db);
      await sql`insert into readings select meter_id, ts, register_milli, rate_milli, extra from readings_partitioned order by meter_id, ts`.execute(db);
      await sql`drop table readings_partitioned cascade`.execute(db);
    },
  };
}
