import { sql, type Kysely } from 'kysely';

/**
 * PostgreSQL keeps raw readings in a table partitioned by calendar month (UTC) on `ts` (migration 0030):
 * `readings_YYYY_MM` for [first of the month, first of the next) in epoch ms, and `readings_default` for any
 * reading no month partition holds (far past or future), so an insert is never refused. The primary key
 * (meter_id, ts) INCLUDE (register_milli, rate_milli) serves the ingest's ON CONFLICT (meter_id, ts) and covers
 * a meter's raw range: an index-only scan reads that meter's rows side by side, however ingest spread them over
 * the heap. SQLite keeps its single WITHOUT ROWID table (already stored in key order) and none of this applies.
 */

/** The migration's untyped handle and the app's typed one alike: partitions are run-time table names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type AnyDb = Kysely<any>;

export const DEFAULT_PARTITION = 'readings_default';
/** Months before the current one that get a partition (the demo's 430-day backfill fits), and months after. */
export const MONTHS_BEHIND = 15;
export const MONTHS_AHEAD = 2;
/** One creator or dropper at a time across processes (a partition is created with its rows moved out of the default). */
const PARTITION_LOCK = 7_410_030;
/** One compaction at a time across processes (held by the connection that rebuilds). */
const COMPACT_LOCK = 7_410_031;
/** A month is compacted once it has been over for a day (the bulk of late readings are in by then). */
const COMPACT_AFTER_MS = 86_400_000;

export interface MonthPartition {
  name: string;
  /** first ms of the month (UTC) */
  from: number;
  /** first ms of the next month */
  to: number;
}

/** A migration already runs in a transaction; anywhere else one is opened. */
function inTransaction<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The month partition holding `ts`. */
export function monthPartition(ts: number): MonthPartition {
  const at = new Date(ts);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return {
    name: `readings_${String(year).padStart(4, '0')}_${String(month + 1).padStart(2, '0')}`,
    from: Date.UTC(year, month, 1),
    to: Date.UTC(year, month + 1, 1),
  };
}

/** Every month partition from the month of `from` to the month of `to`, both included. */
export function monthsBetween(from: number, to: number): MonthPartition[] {
  const months: MonthPartition[] = [];
  for (let month = monthPartition(from); month.from <= to; month = monthPartition(month.to)) months.push(month);
  return months;
}

/** The partitions that exist (month ones parsed from their bounds; the default apart). */
export async function listReadingPartitions(db: AnyDb): Promise<{ months: MonthPartition[]; hasDefault: boolean }> {
  const rows = await sql<{ name: string; bound: string }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'readings'::regclass`.execute(db);
  const months: MonthPartition[] = [];
  let hasDefault = false;
  for (const { name, bound } of rows.rows) {
    if (bound === 'DEFAULT') {
      hasDefault = true;
      continue;
    }
    const match = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(bound);
    if (match) months.push({ name, from: Number(match[1]), to: Number(match[2]) });
  }
  months.sort((a, b) => a.from - b.from);
  return { months, hasDefault };
}

/**
 * Creates the month partitions of [now − MONTHS_BEHIND, now + MONTHS_AHEAD] that are missing (plus the months of
 * the instants in `alsoMonthsOf`: a migration's existing data), skipping months that end before `keepFrom` (the retention
 * cut-off: they would be dropped again). Readings already in the default partition for a new month are moved
 * into it. Idempotent and safe with several processes (one advisory lock); returns the names created.
 */
export async function ensureReadingPartitions(db: AnyDb, now: number, options: { keepFrom?: number | null; alsoMonthsOf?: number[] } = {}): Promise<string[]> {
  const nowMonth = new Date(monthPartition(now).from);
  const behind = Date.UTC(nowMonth.getUTCFullYear(), nowMonth.getUTCMonth() - MONTHS_BEHIND, 1);
  const ahead = Date.UTC(nowMonth.getUTCFullYear(), nowMonth.getUTCMonth() + MONTHS_AHEAD, 1);
  const window = monthsBetween(behind, ahead);
  const extra = (options.alsoMonthsOf ?? []).map(monthPartition).filter((month) => month.from < behind || month.from > ahead);
  const wanted = [...extra, ...window].filter((month) => options.keepFrom === null || options.keepFrom === undefined || month.to > options.keepFrom);
  const existing = new Set((await listReadingPartitions(db)).months.map((month) => month.from));
  if (wanted.every((month) => existing.has(month.from))) return [];
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
    const { months, hasDefault } = await listReadingPartitions(trx);
    const have = new Set(months.map((month) => month.from));
    if (!hasDefault) await sql`create table ${sql.id(DEFAULT_PARTITION)} partition of readings default`.execute(trx);
    const created: string[] = [];
    for (const month of wanted) {
      if (have.has(month.from)) continue;
      await createMonth(trx, month);
      created.push(month.name);
    }
    return created;
  });
}

/**
 * A new month partition. When the default partition holds readings of that month, they move into the new table
 * (in key order) before it is attached: PostgreSQL refuses a partition whose range the default already holds rows of.
 */
async function createMonth(trx: AnyDb, month: MonthPartition): Promise<void> {
  const name = sql.id(month.name);
  const waiting = await sql<{ found: boolean }>`
    select exists (select 1 from ${sql.id(DEFAULT_PARTITION)} where ts >= ${month.from} and ts < ${month.to}) as found`.execute(trx);
  if (!waiting.rows[0]?.found) {
    await sql`create table ${name} partition of readings for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(trx);
    return;
  }
  await sql`create table ${name} (like readings including defaults)`.execute(trx);
  await sql`insert into ${name} select * from ${sql.id(DEFAULT_PARTITION)} where ts >= ${month.from} and ts < ${month.to} order by meter_id, ts`.execute(trx);
  await sql`delete from ${sql.id(DEFAULT_PARTITION)} where ts >= ${month.from} and ts < ${month.to}`.execute(trx);
  // The CHECK lets ATTACH skip its validation scan; the partition bound replaces it afterwards.
  await sql`alter table ${name} add constraint ${sql.id(`${month.name}_range`)} check (ts >= ${sql.lit(month.from)} and ts < ${sql.lit(month.to)})`.execute(
    trx,
  );
  await sql`alter table readings attach partition ${name} for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`.execute(trx);
  await sql`alter table ${name} drop constraint ${sql.id(`${month.name}_range`)}`.execute(trx);
}

/**
 * Retention by partition: detaches and drops every month partition that ends at or before `cutoff` (all its
 * readings are older), in one short transaction each. Returns how many readings went with them; what is left
 * older than the cut-off (the partition the cut-off falls in, the default partition) is deleted row-wise.
 */
export async function dropReadingPartitionsBefore(db: AnyDb, cutoff: number): Promise<{ dropped: string[]; readings: number }> {
  const { months } = await listReadingPartitions(db);
  const dropped: string[] = [];
  let readings = 0;
  for (const month of months.filter((m) => m.to <= cutoff)) {
    await inTransaction(db, async (trx) => {
      await sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
      // Another process may have dropped it meanwhile.
      const still = (await listReadingPartitions(trx)).months.some((m) => m.name === month.name);
      if (!still) return;
      const counted = await sql<{ n: string }>`select count(*) as n from ${sql.id(month.name)}`.execute(trx);
      readings += Number(counted.rows[0]?.n ?? 0);
      await sql`alter table readings detach partition ${sql.id(month.name)}`.execute(trx);
      await sql`drop table ${sql.id(month.name)}`.execute(trx);
      dropped.push(month.name);
    });
  }
  return { dropped, readings };
}

/**
 * Packs the key index of month partitions that are over. Ingest appends each meter's reading at the end of
 * that meter's key range, in the middle of the index, so leaf pages split half and half and the covering key
 * of an open month is about half empty (88 bytes a reading against 44 packed). Once a month is over, its index
 * is rebuilt at fillfactor 100 with REINDEX CONCURRENTLY (ingest and reads go on meanwhile); the fillfactor
 * left on the index marks it as done. One process at a time (a session advisory lock on the rebuilding
 * connection; another process skips). Returns the partitions compacted.
 */
export async function compactReadingPartitions(db: AnyDb, now: number): Promise<string[]> {
  const due = await sql<{ partition: string; index: string }>`
    select c.relname as partition, ic.relname as index
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_index x on x.indrelid = c.oid and x.indisprimary
    join pg_class ic on ic.oid = x.indexrelid
    where i.inhparent = 'readings'::regclass and c.relpartbound is not null
      and not coalesce('fillfactor=100' = any(ic.reloptions), false)
      -- an empty month has nothing to pack (and is looked at again once a late reading lands in it)
      and pg_relation_size(c.oid) > 0`.execute(db);
  const { months } = await listReadingPartitions(db);
  const over = new Set(months.filter((month) => month.to <= now - COMPACT_AFTER_MS).map((month) => month.name));
  const todo = due.rows.filter((row) => over.has(row.partition));
  if (todo.length === 0) return [];
  return db.connection().execute(async (connection) => {
    const locked = await sql<{ got: boolean }>`select pg_try_advisory_lock(${COMPACT_LOCK}) as got`.execute(connection);
    if (!locked.rows[0]?.got) return [];
    const compacted: string[] = [];
    try {
      for (const { partition, index } of todo) {
        await sql`alter index ${sql.id(index)} set (fillfactor = 100)`.execute(connection);
        await sql`reindex index concurrently ${sql.id(index)}`.execute(connection);
        compacted.push(partition);
      }
    } finally {
      await sql`select pg_advisory_unlock(${COMPACT_LOCK})`.execute(connection);
    }
    return compacted;
  });
}
