import type SqliteDatabase from 'better-sqlite3';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Storage } from '../db/connect';
import type { Database } from '../db/schema';

/** A history point: [epoch ms, value in the metric's unit]. */
export type Point = [number, number];

/** Many points side by side: no array or object per point (a meter's raw year is 35,000 of them). */
export interface PointColumns {
  ts: number[];
  values: number[];
}

/** A history query selecting `t` (time) and `v` (the stored value or its aggregate). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a query over any of the reading tables: callers rely on the selection, not the table
export type PointQuery = SelectQueryBuilder<Database, any, { t: number; v: number }>;
/** The rows of a raw range, ordered and limited, before choosing what to select. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-empty-object-type -- any reading table; {} is Kysely's own type for nothing selected yet
export type RangeQuery = SelectQueryBuilder<Database, any, {}>;

type Reader = Pick<Storage, 'db' | 'sqlite'>;
type Decode = (stored: number) => number;

/** Few query shapes exist (metric source × series/page/export), so this stays small. */
const MAX_STATEMENTS = 64;
const prepared = new WeakMap<SqliteDatabase.Database, Map<string, SqliteDatabase.Statement>>();

function statement(database: SqliteDatabase.Database, text: string): SqliteDatabase.Statement {
  let statements = prepared.get(database);
  if (!statements) prepared.set(database, (statements = new Map()));
  let found = statements.get(text);
  if (!found) {
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    found = database.prepare(text).raw(true);
    statements.set(text, found);
  }
  return found;
}

/**
 * SQLite: runs on the raw better-sqlite3 connection, as statements prepared once. It holds kysely's
 * connection meanwhile, so it never reads inside an ingest batch's open transaction on that connection.
 */
function onSqlite<T>(reader: Reader, read: () => T): Promise<T> {
  return reader.db.connection().execute(async () => read());
}

/** Runs a history query (at most a chart's or a page's points) and decodes its values. */
export async function fetchPoints(reader: Reader, query: PointQuery, decode: Decode): Promise<Point[]> {
  const { sqlite } = reader;
  if (!sqlite) return (await query.execute()).map((r) => [Number(r.t), decode(Number(r.v))]);
  const compiled = query.compile();
  const rows = (await onSqlite(reader, () => statement(sqlite, compiled.sql).all(compiled.parameters))) as [number, number][];
  return rows.map(([t, v]) => [t, decode(v)]);
}

/**
 * Reads a long raw range (exports, a meter's year) into columns. On SQLite one scan of the (meter, ts)
 * key folds the range into two JSON arrays that V8 parses in bulk: better-sqlite3 hands back each row
 * (or each value) through the V8 API, which for 35,000 rows cost several times the scan itself. The
 * ordered subquery runs as a co-routine, so the arrays keep its order; SQLite writes REALs in JSON with
 * enough digits to read back the same double.
 */
export async function fetchColumns(
  reader: Reader,
  range: RangeQuery,
  select: { t: RawBuilder<number>; v: RawBuilder<number> },
  decode: Decode,
): Promise<PointColumns> {
  const { sqlite } = reader;
  const rows = range.select([select.t.as('t'), select.v.as('v')]);
  if (!sqlite) {
    // The same fold on PostgreSQL: two JSON arrays in one row (node-pg parses them with one JSON.parse each)
    // instead of 35,000 row objects built field by field from the text protocol.
    const folded = await reader.db
      .selectFrom(rows.as('p'))
      .select([sql<number[] | null>`json_agg(p.t)`.as('ts'), sql<number[] | null>`json_agg(p.v)`.as('v')])
      .executeTakeFirstOrThrow();
    const values = folded.v ?? [];
    for (let i = 0; i < values.length; i++) values[i] = decode(Number(values[i]));
    return inTimeOrder({ ts: folded.ts ?? [], values });
  }
  const compiled = rows.compile();
  const text = `select json_group_array(t), json_group_array(v) from (${compiled.sql})`;
  const [ts, stored] = (await onSqlite(reader, () => statement(sqlite, text).get(compiled.parameters))) as [string, string];
  const values = JSON.parse(stored) as number[];
  for (let i = 0; i < values.length; i++) values[i] = decode(values[i]!);
  return inTimeOrder({ ts: JSON.parse(ts) as number[], values });
}

/**
 * SQLite keeps the subquery's order in the arrays in practice but does not promise it: one linear
 * check (a fraction of a millisecond for a year) and a sort only if it was ever broken.
 */
function inTimeOrder(columns: PointColumns): PointColumns {
  const { ts, values } = columns;
  let ordered = true;
  for (let i = 1; i < ts.length && ordered; i++) ordered = ts[i - 1]! <= ts[i]!;
  if (ordered) return columns;
  const order = ts.map((_, i) => i).sort((a, b) => ts[a]! - ts[b]!);
  return { ts: order.map((i) => ts[i]!), values: order.map((i) => values[i]!) };
}
