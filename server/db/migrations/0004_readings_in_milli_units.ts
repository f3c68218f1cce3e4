import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DbKind } from '../connect';

/**
 * Raw readings keep the register and the rate as integers in thousandths of their unit (Wh, W, litres;
 * `toMilli` in shared/metering): SQLite stores a REAL in 8 bytes, these integers in 3–6, which brings a
 * reading under 32 bytes. The new column names carry the scale, so code that forgets it does not compile.
 * SQLite cannot change a column's type: the table is rebuilt (still keyed (meter, ts), without rowid).
 * PostgreSQL converts in place (one table rewrite; the primary key stays).
 */
export function readingsInMilliUnits(kind: DbKind) {
  // Math.round(x * 1000), as toMilli does, on both engines (SQL round() differs at halves).
  const toMilli = (column: string) => sql`floor(${sql.ref(column)} * 1000 + 0.5)`;
  const fromMilli = (column: string) => sql`${sql.ref(column)} / 1000.0`;
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (kind === 'postgres') return convertPostgres(db, { register: 'register_milli', rate: 'rate_milli' }, 'bigint', toMilli);
      return rebuildSqlite(db, { register: 'register_milli', rate: 'rate_milli' }, 'bigint', toMilli);
    },
    async down(db: Kysely<any>): Promise<void> {
      if (kind === 'postgres') return convertPostgres(db, { register_milli: 'register', rate_milli: 'rate' }, 'double precision', fromMilli);
      return rebuildSqlite(db, { register_milli: 'register', rate_milli: 'rate' }, 'double precision', fromMilli);
    },
  };
}

type Renames = Record<string, string>;
type Convert = (column: string) => RawBuilder<unknown>;

async function convertPostgres(db: Kysely<any>, renames: Renames, type: 'bigint' | 'double precision', convert: Convert): Promise<void> {
  const alters = Object.keys(renames).map((from) => sql`alter column ${sql.ref(from)} type ${sql.raw(type)} using ${convert(from)}`);
  await sql`alter table readings ${sql.join(alters)}`.execute(db);
  for (const [from, to] of Object.entries(renames)) await sql`alter table readings rename column ${sql.ref(from)} to ${sql.ref(to)}`.execute(db);
}

async function rebuildSqlite(db: Kysely<any>, renames: Renames, type: 'bigint' | 'double precision', convert: Convert): Promise<void> {
  const [registerFrom, rateFrom] = Object.keys(renames) as [string, string];
  const [registerTo, rateTo] = Object.values(renames) as [string, string];
  await db.schema
    .createTable('readings_rebuilt')
    .addColumn('meter_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn(registerTo, type)
    .addColumn(rateTo, type)
    .addColumn('extra', 'text')
    .addPrimaryKeyConstraint('readings_pk', ['meter_id', 'ts'])
    .modifyEnd(sql`without rowid`)
    .execute();
  // In key order, so the new b-tree is written page after page, full.
  await sql`insert into readings_rebuilt (meter_id, ts, ${sql.ref(registerTo)}, ${sql.ref(rateTo)}, extra)
    select meter_id, ts, ${convert(registerFrom)}, ${convert(rateFrom)}, extra from readings order by meter_id, ts`.execute(db);
  await db.schema.dropTable('readings').execute();
  await db.schema.alterTable('readings_rebuilt').renameTo('readings').execute();
}
