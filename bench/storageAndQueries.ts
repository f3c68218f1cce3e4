// Storage per reading and read-API query latency on a year of 15-minute data (1,000 meters: 35 M readings),
// on SQLite and on PostgreSQL (when reachable). The data is written straight into readings, energy_intervals
// and energy_rollups in the shapes the ingest path writes (server/ingest/readingWriter.ts, energyLedger.ts),
// in time order by default (as live ingestion writes it: every 15 minutes one reading per meter), then the
// server's own read code (server/energy) is timed on it with random ids and ranges.
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { openStorage, type Storage } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { compactReadingPartitions } from '../server/db/readingPartitions';
import type { Database } from '../server/db/schema';
import { seed } from '../server/seed';
import { toMilli } from '../shared/metering/readingScale';
import { localDayStart, localPeriods } from '../server/metering/calendar';
import { INTERVAL_MS } from '../server/metering/spreadEnergy';
import { EnergyAnalysis } from '../server/energy/energyAnalysis';
import { MeterHistory } from '../server/energy/meterHistory';
import { RollupReader } from '../server/energy/rollupReader';
import { summarize } from './stats';
import {
  createOrganisation,
  dropSchema,
  fmtInt,
  fmtMs,
  fmtSeconds,
  intEnv,
  interrupted,
  machineCpu,
  onInterrupt,
  postgresUrl,
  printTable,
  privateSchemaName,
  selectEngines,
  type BenchOrganisation,
  type Engine,
} from './benchSupport';

/** The benchmark reads as an administrator: every tree, no owner filter. */
const EVERY_TREE = { all: true, home: 1 } as const;

const METERS = intEnv('BENCH_METERS', 1_000);
const DAYS = intEnv('BENCH_DAYS', 365);
const RUNS = intEnv('BENCH_RUNS', 200);
const WARMUP_RUNS = Math.min(20, RUNS);
/**
 * time: every 15 minutes one reading per meter, as live ingestion writes them (the realistic layout; on
 * PostgreSQL a meter's year is spread over the heap). day: each meter's day of readings together (about 5×
 * faster to seed on SQLite, where the size comes out the same, but optimistic for PostgreSQL's raw reads).
 */
const ORDER = (process.env.BENCH_SEED_ORDER ?? 'time') as 'time' | 'day';
if (ORDER !== 'time' && ORDER !== 'day') throw new Error('BENCH_SEED_ORDER must be "time" or "day"');
const TIME_ZONE = process.env.TIME_ZONE || Intl.DateTimeFormat().resolvedOptions().timeZone;
const ENERGY_TYPE = 'electricity';

// ---------------------------------------------------------------- the year of data, day by day
interface Calendar {
  t0: number;
  /** Intervals in the year (steps); readings per meter = steps + 1. */
  steps: number;
  hourKeys: string[];
  dayKeys: string[];
  monthKeys: string[];
  /** Per step (interval start): index into the keys above. */
  hourOf: Int32Array;
  dayOf: Int32Array;
  monthOf: Int32Array;
  /** Per day index: first step and step count; whether it is a weekend. */
  dayFirstStep: number[];
  dayWeekend: boolean[];
}

function buildCalendar(days: number, timeZone: string): Calendar {
  const end = localDayStart(Date.now(), timeZone);
  const t0 = localDayStart(end - days * 86_400_000 + 12 * 3_600_000, timeZone);
  const steps = Math.round((end - t0) / INTERVAL_MS);
  const hourKeys: string[] = [];
  const dayKeys: string[] = [];
  const monthKeys: string[] = [];
  const hourOf = new Int32Array(steps);
  const dayOf = new Int32Array(steps);
  const monthOf = new Int32Array(steps);
  const dayFirstStep: number[] = [];
  const dayWeekend: boolean[] = [];
  for (let s = 0; s < steps; s++) {
    const p = localPeriods(t0 + s * INTERVAL_MS, timeZone);
    const hour = String(p.hourStart);
    if (hourKeys.at(-1) !== hour) hourKeys.push(hour);
    if (dayKeys.at(-1) !== p.day) {
      dayKeys.push(p.day);
      dayFirstStep.push(s);
      const weekday = new Date(`${p.day}T00:00:00Z`).getUTCDay();
      dayWeekend.push(weekday === 0 || weekday === 6);
    }
    if (monthKeys.at(-1) !== p.month) monthKeys.push(p.month);
    hourOf[s] = hourKeys.length - 1;
    dayOf[s] = dayKeys.length - 1;
    monthOf[s] = monthKeys.length - 1;
  }
  return { t0, steps, hourKeys, dayKeys, monthKeys, hourOf, dayOf, monthOf, dayFirstStep, dayWeekend };
}

/** Demand shapes (share of a meter's peak) per quarter hour of a working day and of a weekend day. */
function shapes(): { weekday: Float64Array; weekend: Float64Array }[] {
  const make = (f: (hour: number) => number, weekendFactor: number) => {
    const weekday = new Float64Array(96);
    const weekend = new Float64Array(96);
    for (let q = 0; q < 96; q++) {
      const hour = q / 4;
      weekday[q] = f(hour);
      weekend[q] = f(hour) * weekendFactor + (1 - weekendFactor) * f(3);
    }
    return { weekday, weekend };
  };
  const busy = (h: number) => (h < 6 || h >= 20 ? 0 : h < 8 ? (h - 6) / 2 : h < 18 ? 1 : (20 - h) / 2);
  return [
    make((h) => 0.15 + 0.85 * busy(h), 0.35), // process
    make((h) => 0.1 + 0.9 * busy(h), 0.3), // lighting
    make((h) => 0.3 + 0.7 * Math.max(0, Math.sin(((h - 8) / 24) * 2 * Math.PI)), 0.7), // hvac
    make((h) => 0.85 + 0.1 * busy(h), 1), // it
  ];
}

interface Columns {
  n: number;
  a: number[];
  b: number[];
  c: number[];
  d: number[];
}
const columns = (): Columns => ({ n: 0, a: [], b: [], c: [], d: [] });

interface RollupRows {
  n: number;
  scope: string[];
  scopeId: number[];
  grain: string[];
  period: string[];
  energy: number[];
}
const rollupRows = (): RollupRows => ({ n: 0, scope: [], scopeId: [], grain: [], period: [], energy: [] });

interface Chunk {
  day: number;
  /** meter_id, ts, register_milli, rate_milli (thousandths of kWh and kW, as ingest stores them) */
  readings: Columns;
  /** meter_id, start, energy */
  intervals: Columns;
  rollups: RollupRows;
}

/**
 * Yields one chunk per local day: that day's readings (those closing the day's intervals; the very first
 * chunk also holds each meter's opening reading), its 15-minute intervals, its hour and day rollups, and at
 * a month's end its month rollups — for every meter, for the departments each meter counts towards (its
 * leaf and both ancestors: no main meters) and for its sub-item, as EnergyLedger keys them.
 */
function* yearOfData(org: BenchOrganisation, cal: Calendar, order: 'time' | 'day'): Generator<Chunk> {
  const meters = org.meters;
  const shapeOf = shapes();
  const deptIds = org.departmentIds;
  const countedFor = meters.map((m) => {
    const chain = [m.departmentId];
    for (let d = org.parentOf.get(m.departmentId); d !== undefined; d = org.parentOf.get(d)) chain.push(d);
    return chain;
  });
  const deptIndex = new Map(deptIds.map((id, i) => [id, i]));
  const subIndex = new Map(org.subitemIds.map((id, i) => [id, i]));
  const peak = meters.map((_, i) => 20 + ((i * 7919) % 380)); // 20…399 kW against a 500 kW rating
  const kind = meters.map((_, i) => i % shapeOf.length);
  const register = meters.map((_, i) => 10_000 + i * 100);
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  const noise = (m: number, s: number) => {
    const x = Math.sin(m * 12.9898 + s * 78.233) * 43758.5453;
    return (x - Math.floor(x)) * 2 - 1;
  };

  const monthMeter = new Float64Array(meters.length);
  const monthDept = new Float64Array(deptIds.length);
  const monthSub = new Float64Array(org.subitemIds.length);
  let opened = false;
  for (let day = 0; day < cal.dayKeys.length; day++) {
    const first = cal.dayFirstStep[day]!;
    const last = (cal.dayFirstStep[day + 1] ?? cal.steps) - 1;
    const stepCount = last - first + 1;
    const hoursInDay = cal.hourOf[last]! - cal.hourOf[first]! + 1;
    const firstHour = cal.hourOf[first]!;
    const hourMeter = new Float64Array(meters.length * hoursInDay);
    const hourDept = new Float64Array(deptIds.length * hoursInDay);
    const hourSub = new Float64Array(org.subitemIds.length * hoursInDay);
    const chunk: Chunk = { day, readings: columns(), intervals: columns(), rollups: rollupRows() };
    const r = chunk.readings;
    const iv = chunk.intervals;
    const weekend = cal.dayWeekend[day]!;
    if (!opened) {
      opened = true;
      meters.forEach((m, i) => {
        r.a.push(m.id);
        r.b.push(cal.t0);
        r.c.push(toMilli(register[i]!));
        r.d.push(0);
        r.n++;
      });
    }
    // One meter-step: the reading at the end of interval `s` and the interval's energy.
    const emit = (i: number, s: number) => {
      const q = s - first;
      const shape = shapeOf[kind[i]!]!;
      const kw = round(peak[i]! * (weekend ? shape.weekend : shape.weekday)[q % 96]! * (1 + 0.08 * noise(i, s)), 2);
      const next = round(register[i]! + kw * 0.25, 3);
      const energy = next - register[i]!;
      register[i] = next;
      const start = cal.t0 + s * INTERVAL_MS;
      r.a.push(meters[i]!.id);
      r.b.push(start + INTERVAL_MS);
      r.c.push(toMilli(next));
      r.d.push(toMilli(kw));
      r.n++;
      iv.a.push(meters[i]!.id);
      iv.b.push(start);
      iv.c.push(energy);
      iv.n++;
      const h = cal.hourOf[s]! - firstHour;
      hourMeter[i * hoursInDay + h]! += energy;
      for (const d of countedFor[i]!) hourDept[deptIndex.get(d)! * hoursInDay + h]! += energy;
      hourSub[subIndex.get(meters[i]!.subitemId)! * hoursInDay + h]! += energy;
    };
    if (order === 'time') {
      for (let s = first; s <= last; s++) for (let i = 0; i < meters.length; i++) emit(i, s);
    } else {
      for (let i = 0; i < meters.length; i++) for (let s = first; s <= last; s++) emit(i, s);
    }
    void stepCount;
    // Rollups of the day: hour rows (time-major, as they would appear), then the day rows.
    const ru = chunk.rollups;
    const push = (scope: string, scopeId: number, grain: string, period: string, energy: number) => {
      ru.scope.push(scope);
      ru.scopeId.push(scopeId);
      ru.grain.push(grain);
      ru.period.push(period);
      ru.energy.push(energy);
      ru.n++;
    };
    const dayKey = cal.dayKeys[day]!;
    for (let h = 0; h < hoursInDay; h++) {
      const key = cal.hourKeys[firstHour + h]!;
      meters.forEach((m, i) => push('meter', m.id, 'hour', key, hourMeter[i * hoursInDay + h]!));
      deptIds.forEach((id, k) => push('department', id, 'hour', key, hourDept[k * hoursInDay + h]!));
      org.subitemIds.forEach((id, k) => push('subitem', id, 'hour', key, hourSub[k * hoursInDay + h]!));
    }
    const dayTotal = (values: Float64Array, k: number) => {
      let sum = 0;
      for (let h = 0; h < hoursInDay; h++) sum += values[k * hoursInDay + h]!;
      return sum;
    };
    meters.forEach((m, i) => {
      const e = dayTotal(hourMeter, i);
      monthMeter[i]! += e;
      push('meter', m.id, 'day', dayKey, e);
    });
    deptIds.forEach((id, k) => {
      const e = dayTotal(hourDept, k);
      monthDept[k]! += e;
      push('department', id, 'day', dayKey, e);
    });
    org.subitemIds.forEach((id, k) => {
      const e = dayTotal(hourSub, k);
      monthSub[k]! += e;
      push('subitem', id, 'day', dayKey, e);
    });
    const month = cal.monthKeys[cal.monthOf[last]!]!;
    const nextFirst = cal.dayFirstStep[day + 1];
    if (nextFirst === undefined || cal.monthKeys[cal.monthOf[nextFirst]!] !== month) {
      meters.forEach((m, i) => push('meter', m.id, 'month', month, monthMeter[i]!));
      deptIds.forEach((id, k) => push('department', id, 'month', month, monthDept[k]!));
      org.subitemIds.forEach((id, k) => push('subitem', id, 'month', month, monthSub[k]!));
      monthMeter.fill(0);
      monthDept.fill(0);
      monthSub.fill(0);
    }
    yield chunk;
  }
}

// ---------------------------------------------------------------- bulk writers
interface Writer {
  write(chunk: Chunk): Promise<void>;
  finish(): Promise<void>;
  /** Interrupted: drop the connection (PostgreSQL aborts the open transaction). */
  abort(): Promise<void>;
}

/**
 * better-sqlite3 prepared multi-row inserts, one transaction per day, without a journal while seeding (a
 * crash only loses the bench's own data); the file goes back to WAL, as the server opens it, at the end.
 */
function sqliteWriter(file: string): Writer {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = OFF');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  const ROWS = 100;
  const multi = (table: string, cols: string, one: string) => ({
    many: db.prepare(`insert into ${table} (${cols}) values ${Array(ROWS).fill(one).join(',')}`),
    one: db.prepare(`insert into ${table} (${cols}) values ${one}`),
  });
  const readings = multi('readings', 'meter_id, ts, register_milli, rate_milli, extra', '(?, ?, ?, ?, null)');
  const intervals = multi('energy_intervals', 'meter_id, start, energy', '(?, ?, ?)');
  const rollups = multi('energy_rollups', 'scope, scope_id, energy_type, grain, period, energy', `(?, ?, '${ENERGY_TYPE}', ?, ?, ?)`);
  const insert = (stmts: { many: SqliteDatabase.Statement; one: SqliteDatabase.Statement }, n: number, row: (k: number, out: unknown[]) => void) => {
    const params: unknown[] = [];
    let k = 0;
    for (; k + ROWS <= n; k += ROWS) {
      params.length = 0;
      for (let j = k; j < k + ROWS; j++) row(j, params);
      stmts.many.run(params);
    }
    for (; k < n; k++) {
      params.length = 0;
      row(k, params);
      stmts.one.run(params);
    }
  };
  const write = db.transaction((chunk: Chunk) => {
    const { readings: r, intervals: iv, rollups: ru } = chunk;
    insert(readings, r.n, (k, out) => out.push(r.a[k], r.b[k], r.c[k], r.d[k]));
    insert(intervals, iv.n, (k, out) => out.push(iv.a[k], iv.b[k], iv.c[k]));
    insert(rollups, ru.n, (k, out) => out.push(ru.scope[k], ru.scopeId[k], ru.grain[k], ru.period[k], ru.energy[k]));
  });
  return {
    write: async (chunk) => write(chunk),
    finish: async () => {
      db.pragma('locking_mode = NORMAL');
      db.pragma('journal_mode = WAL');
      db.close();
    },
    abort: async () => {
      if (db.open) db.close();
    },
  };
}

/**
 * COPY … FROM STDIN in PostgreSQL's text format, as a pg "submittable" (what pg-copy-streams does, without
 * the dependency): the whole chunk is sent as one CopyData message.
 */
class CopyIn {
  callback: ((error: Error | null) => void) | undefined;
  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {}
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
  handleError(error: Error): void {
    this.callback?.(error);
    this.callback = undefined;
  }
  handleReadyForQuery(): void {
    this.callback?.(null);
    this.callback = undefined;
  }
  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

function copyIn(client: pg.Client, text: string, lines: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const copy = new CopyIn(text, Buffer.from(lines.join(''), 'utf8'));
    copy.callback = (error) => (error ? reject(error) : resolve());
    void (client as unknown as { query(q: CopyIn): unknown }).query(copy);
  });
}

/** COPY over one connection, one transaction per day; the next day is generated while this one is written. */
async function postgresWriter(url: string, schema: string): Promise<Writer> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema} -c synchronous_commit=off` });
  await client.connect();
  let pending: Promise<unknown> = Promise.resolve();
  return {
    async write(chunk) {
      const { readings: r, intervals: iv, rollups: ru } = chunk;
      const readings = r.a.map((m, k) => `${m}\t${r.b[k]}\t${r.c[k]}\t${r.d[k]}\t\\N\n`);
      const intervals = iv.a.map((m, k) => `${m}\t${iv.b[k]}\t${iv.c[k]}\n`);
      const rollups = ru.scope.map((scope, k) => `${scope}\t${ru.scopeId[k]}\t${ENERGY_TYPE}\t${ru.grain[k]}\t${ru.period[k]}\t${ru.energy[k]}\n`);
      await pending; // at most one day in flight
      pending = (async () => {
        await client.query('begin');
        await copyIn(client, 'copy readings (meter_id, ts, register_milli, rate_milli, extra) from stdin', readings);
        await copyIn(client, 'copy energy_intervals (meter_id, start, energy) from stdin', intervals);
        await copyIn(client, 'copy energy_rollups (scope, scope_id, energy_type, grain, period, energy) from stdin', rollups);
        await client.query('commit');
      })();
      pending.catch(() => undefined); // reported by the next write or finish, not as an unhandled rejection
    },
    async finish() {
      await pending;
      await client.end();
    },
    async abort() {
      await client.end().catch(() => undefined);
    },
  };
}

// ---------------------------------------------------------------- the queries
interface QueryCase {
  name: string;
  /** Target p95 in ms (none = reported only). */
  target?: number;
  run(random: () => number): Promise<number>;
}

function queryCases(db: Kysely<Database>, storage: Storage, org: BenchOrganisation, cal: Calendar): QueryCase[] {
  const analysis = new EnergyAnalysis(db, TIME_ZONE);
  const reader = new RollupReader(db);
  const history = new MeterHistory(storage);
  const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;
  const meterId = (random: () => number) => pick(org.meters, random).id;
  const yearFrom = cal.t0;
  const yearTo = cal.t0 + cal.steps * INTERVAL_MS - 1;
  const days = cal.dayKeys.length;
  const monthDays = Math.min(30, days);
  const randomDayStart = (random: () => number, span: number) => cal.t0 + Math.floor(random() * (days - span + 1)) * 86_400_000 + 3_600_000;
  const rows = (result: { series: { points: unknown[] }[] }) => result.series.reduce((sum, s) => sum + s.points.length, 0);
  const mid = org.departmentIds.filter((id) => !org.topDepartmentIds.includes(id) && !org.leafDepartmentIds.includes(id));
  return [
    {
      name: 'rollups: 1 meter, day grain, 1 year',
      target: 20,
      run: async (random) =>
        rows(
          await analysis.rollups({ owners: null, scope: 'meter', ids: [meterId(random)], energyType: ENERGY_TYPE, grain: 'day', from: yearFrom, to: yearTo }),
        ),
    },
    {
      name: 'rollups: 1 department, day grain, 1 year',
      target: 20,
      run: async (random) =>
        rows(
          await analysis.rollups({
            owners: null,
            scope: 'department',
            ids: [pick(org.departmentIds, random)],
            energyType: ENERGY_TYPE,
            grain: 'day',
            from: yearFrom,
            to: yearTo,
          }),
        ),
    },
    {
      name: 'rollups: 1 meter, hour grain, 1 month',
      target: 20,
      run: async (random) => {
        const from = randomDayStart(random, monthDays);
        return rows(
          await analysis.rollups({
            owners: null,
            scope: 'meter',
            ids: [meterId(random)],
            energyType: ENERGY_TYPE,
            grain: 'hour',
            from,
            to: from + monthDays * 86_400_000 - 3_600_001,
          }),
        );
      },
    },
    {
      name: 'rollups: 1 meter, month grain, 1 year',
      target: 20,
      run: async (random) =>
        rows(
          await analysis.rollups({ owners: null, scope: 'meter', ids: [meterId(random)], energyType: ENERGY_TYPE, grain: 'month', from: yearFrom, to: yearTo }),
        ),
    },
    {
      name: 'rollups: 200 meters (API max), day grain, 1 month',
      target: 20,
      run: async (random) => {
        const start = Math.floor(random() * Math.max(1, org.meters.length - 200));
        const from = randomDayStart(random, monthDays);
        return rows(
          await analysis.rollups({
            owners: null,
            scope: 'meter',
            ids: org.meters.slice(start, start + 200).map((m) => m.id),
            energyType: ENERGY_TYPE,
            grain: 'day',
            from,
            to: from + (monthDays - 1) * 86_400_000,
          }),
        );
      },
    },
    {
      name: 'rollups: 1 sub-item, hour grain, 1 month',
      target: 20,
      run: async (random) => {
        const from = randomDayStart(random, monthDays);
        return rows(
          await analysis.rollups({
            owners: null,
            scope: 'subitem',
            ids: [pick(org.subitemIds, random)],
            energyType: ENERGY_TYPE,
            grain: 'hour',
            from,
            to: from + monthDays * 86_400_000 - 3_600_001,
          }),
        );
      },
    },
    {
      name: 'ranking: top-level departments, 1 day',
      target: 20,
      run: async (random) => {
        const from = randomDayStart(random, 1);
        return (await analysis.ranking({ owners: null, scope: 'department', energyType: ENERGY_TYPE, grain: 'day', from, to: from, limit: 100 })).rows.length;
      },
    },
    {
      name: 'ranking: children of a department, 1 month of days',
      target: 20,
      run: async (random) => {
        const from = randomDayStart(random, monthDays);
        return (
          await analysis.ranking({
            owners: null,
            scope: 'department',
            parentId: pick(mid, random),
            energyType: ENERGY_TYPE,
            grain: 'day',
            from,
            to: from + (monthDays - 1) * 86_400_000,
            limit: 100,
          })
        ).rows.length;
      },
    },
    {
      name: 'ranking: all 70 departments, 1 day (ids)',
      target: 20,
      run: async (random) => {
        const day = pick(cal.dayKeys, random);
        return (await reader.totals('department', org.departmentIds, ENERGY_TYPE, 'day', day, day)).size;
      },
    },
    {
      name: 'balance: 1 department, day grain, 1 month',
      target: 20,
      run: async (random) => {
        const from = randomDayStart(random, monthDays);
        return (
          await analysis.balance({
            owners: null,
            departmentId: pick(mid, random),
            energyType: ENERGY_TYPE,
            grain: 'day',
            from,
            to: from + (monthDays - 1) * 86_400_000,
          })
        ).periods.length;
      },
    },
    {
      name: 'home summary (every figure of the dashboard)',
      target: 20,
      run: async (random) => (await analysis.summary(null, randomDayStart(random, 1) + 10 * 3_600_000)).todayByHour.length,
    },
    {
      name: 'raw year: 1 meter (ts, register) by ts',
      target: 30,
      run: async (random) => (await history.after(meterId(random), 'kwh', yearFrom - 1, yearTo + INTERVAL_MS, 1_000_000)).ts.length,
    },
    {
      name: 'meter history chart: 92 days (API max), bucketed',
      run: async (random) => {
        const from = randomDayStart(random, Math.min(92, days));
        return (await history.series({ meterId: meterId(random), metric: 'kwh', from, to: from + Math.min(92, days) * 86_400_000 - 3_600_001 }, EVERY_TREE))
          .points.length;
      },
    },
    {
      name: 'meter history table: page 1 of 50, 92 days, newest first',
      run: async (random) => {
        const from = randomDayStart(random, Math.min(92, days));
        return (
          await history.page(
            { meterId: meterId(random), metric: 'kwh', from, to: from + Math.min(92, days) * 86_400_000 - 3_600_001, page: 1, size: 50, order: 'desc' },
            EVERY_TREE,
          )
        ).rows.length;
      },
    },
  ];
}

/** Deterministic random numbers, so both engines answer the same questions. */
function mulberry32(seedValue: number): () => number {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- one engine
interface SizeFigures {
  readings: number;
  rows: number;
  readingsBytes: number;
  intervalsBytes: number;
  rollupsBytes: number;
  rollupRows: number;
  fileBytes: number;
  detail: string;
}

interface QueryFigures {
  name: string;
  target?: number;
  rows: number;
  p50: number;
  p95: number;
  max: number;
}

interface EngineResult {
  engine: Engine;
  seedSeconds: number;
  seedRowsPerS: number;
  size: SizeFigures;
  queries: QueryFigures[];
  seconds: number;
}

async function measureSize(engine: Engine, db: Kysely<Database>, file: string | undefined): Promise<SizeFigures> {
  const count = async (table: 'readings' | 'energy_rollups') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = await count('readings');
  const rollupRows = await count('energy_rollups');
  if (engine === 'sqlite') {
    const bytes = async (name: string) =>
      Number((await sql<{ b: number }>`select sum(pgsize) as b from dbstat where name = ${name}`.execute(db)).rows[0]?.b ?? 0);
    const page = await sql<{ page_size: number }>`pragma page_size`.execute(db);
    const fileBytes = Number(
      (await sql<{ b: number }>`select page_count * page_size as b from pragma_page_count(), pragma_page_size()`.execute(db)).rows[0]?.b ?? 0,
    );
    // Where a reading's bytes go: its record (payload) and how full the leaf pages are (inserts at each meter's end split pages).
    const leaves = (
      await sql<{
        payload: number;
        unused: number;
        bytes: number;
      }>`select sum(payload) as payload, sum(unused) as unused, sum(pgsize) as bytes from dbstat where name = 'readings' and pagetype = 'leaf'`.execute(db)
    ).rows[0];
    const leafDetail = leaves
      ? `; record ${(leaves.payload / rows).toFixed(1)} bytes/reading, leaf pages ${((100 * (leaves.bytes - leaves.unused)) / leaves.bytes).toFixed(0)} % used`
      : '';
    void file;
    return {
      readings: rows,
      rows,
      readingsBytes: await bytes('readings'),
      intervalsBytes: await bytes('energy_intervals'),
      rollupsBytes: await bytes('energy_rollups'),
      rollupRows,
      fileBytes,
      detail: `dbstat (page size ${page.rows[0]?.page_size}; WITHOUT ROWID tables: the key b-tree is the table${leafDetail})`,
    };
  }
  const size = async (table: string) => {
    const result = await sql<{
      total: string;
      heap: string;
      indexes: string;
    }>`select sum(pg_total_relation_size(relid)) as total, sum(pg_relation_size(relid)) as heap, sum(pg_indexes_size(relid)) as indexes
         from (select relid from pg_partition_tree(${table}::regclass) where isleaf
               union all select ${table}::regclass where not exists (select 1 from pg_partition_tree(${table}::regclass))) t`.execute(db);
    const row = result.rows[0]!;
    return { total: Number(row.total), heap: Number(row.heap), indexes: Number(row.indexes) };
  };
  const readings = await size('readings');
  const partitions = Number(
    (await sql<{ n: string }>`select count(*) as n from pg_partition_tree('readings'::regclass) where isleaf`.execute(db)).rows[0]?.n ?? 0,
  );
  const intervals = await size('energy_intervals');
  const rollups = await size('energy_rollups');
  const database = await sql<{
    b: string;
  }>`select sum(pg_total_relation_size(c.oid)) as b from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 't', 'm')`.execute(
    db,
  );
  return {
    readings: rows,
    rows,
    readingsBytes: readings.total,
    intervalsBytes: intervals.total,
    rollupsBytes: rollups.total,
    rollupRows,
    fileBytes: Number(database.rows[0]?.b ?? 0),
    detail: `pg_total_relation_size over ${partitions} partition(s) (readings: heap ${(readings.heap / rows).toFixed(1)} + primary key ${(readings.indexes / rows).toFixed(1)} bytes/reading)`,
  };
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const began = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-bench-storage-'));
  const url = engine === 'postgres' ? postgresUrl() : undefined;
  const schema = engine === 'postgres' ? privateSchemaName('storage') : undefined;
  const open = () => openStorage({ databaseUrl: url, dataDir, ...(schema ? { postgresSchema: schema } : {}) });
  let storage = await open();
  let writer: Writer | undefined;
  const cleanUp = async () => {
    await writer?.abort().catch(() => undefined);
    await storage.close().catch(() => undefined);
    if (schema && url) await dropSchema(url, schema).catch((error: unknown) => console.error(`could not drop schema ${schema} (drop it by hand):`, error));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanUp);
  try {
    await migrateToLatest(storage);
    await seed(storage.db, { adminPassword: 'Bench!2345pass', demo: false });
    const org = await createOrganisation(storage.db, { meterCount: METERS, gatewayCount: 20 });
    const cal = buildCalendar(DAYS, TIME_ZONE);
    const expected = METERS * (cal.steps + 1);
    console.log(
      `  [${engine}] seeding ${fmtInt(expected)} readings (${METERS} meters × ${cal.dayKeys.length} days × 96 + 1), their intervals and rollups, in ${ORDER} order …`,
    );
    if (engine === 'sqlite') {
      await storage.close();
      writer = sqliteWriter(join(dataDir, 'energy.sqlite'));
    } else {
      writer = await postgresWriter(url!, schema!);
    }
    const seedStarted = performance.now();
    let written = 0;
    let rowsWritten = 0;
    let lastReport = seedStarted;
    for (const chunk of yearOfData(org, cal, ORDER)) {
      await writer!.write(chunk);
      written += chunk.readings.n;
      rowsWritten += chunk.readings.n + chunk.intervals.n + chunk.rollups.n;
      const now = performance.now();
      if (now - lastReport > 15_000) {
        lastReport = now;
        const rate = written / ((now - seedStarted) / 1000);
        console.log(
          `  [${engine}] ${fmtInt(written)} readings (${((100 * written) / expected).toFixed(0)} %), ${fmtInt(rate)} readings/s, about ${fmtSeconds((expected - written) / rate)} to go`,
        );
      }
    }
    await writer.finish();
    writer = undefined;
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`  [${engine}] seeded in ${fmtSeconds(seedSeconds)} (${fmtInt(rowsWritten / seedSeconds)} rows/s)`);
    if (engine === 'sqlite') storage = await open();
    else {
      // What autovacuum does on its own after a bulk of inserts: statistics and the visibility map.
      const started = performance.now();
      for (const table of ['readings', 'energy_intervals', 'energy_rollups']) await sql`vacuum (analyze) ${sql.id(table)}`.execute(storage.db);
      console.log(`  [${engine}] vacuum analyze ${fmtSeconds((performance.now() - started) / 1000)}`);
    }
    let size = await measureSize(engine, storage.db, join(dataDir, 'energy.sqlite'));
    if (engine === 'postgres') {
      // What the server's daily upkeep does to the months that are over: their key index rebuilt packed.
      const started = performance.now();
      const compacted = await compactReadingPartitions(storage.db, Date.now());
      const seconds = (performance.now() - started) / 1000;
      console.log(`  [${engine}] compacted the key of ${compacted.length} month partition(s) in ${fmtSeconds(seconds)}`);
      const asWritten = size;
      size = await measureSize(engine, storage.db, undefined);
      size.detail += `; as ingest wrote it, before compacting ${compacted.length} month(s): ${(asWritten.readingsBytes / asWritten.rows).toFixed(1)} (${asWritten.detail.replace(/^.*\(readings: /, '').replace(/\)$/, '')})`;
    }

    const queries: QueryFigures[] = [];
    for (const [index, query] of queryCases(storage.db, storage, org, cal).entries()) {
      const random = mulberry32(1000 + index);
      for (let i = 0; i < WARMUP_RUNS; i++) await query.run(random);
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        rows += await query.run(random);
        times.push(performance.now() - started);
      }
      const s = summarize(times);
      queries.push({ name: query.name, ...(query.target ? { target: query.target } : {}), rows: rows / RUNS, p50: s.p50, p95: s.p95, max: s.max });
    }
    return { engine, seedSeconds, seedRowsPerS: rowsWritten / seedSeconds, size, queries, seconds: (performance.now() - began) / 1000 };
  } finally {
    await cleanUp();
    unregister();
  }
}

function reportHeader(): void {
  const cal = buildCalendar(DAYS, TIME_ZONE);
  console.log(
    `\nStorage and queries: ${METERS} meters × ${cal.dayKeys.length} days of 15-minute readings, seeded in ${ORDER} order, TIME_ZONE ${TIME_ZONE}; ${RUNS} runs per query (after ${WARMUP_RUNS} warm-up runs), random ids and ranges`,
  );
  console.log("targets: ≤ 32 bytes per reading; any rollup query p95 ≤ 20 ms; one meter's raw year ≤ 30 ms");
}

/** Printed as soon as an engine is done, so its figures survive a later failure or interruption. */
function reportEngine(r: EngineResult): void {
  const s = r.size;
  console.log(`\n== ${r.engine} — ${fmtSeconds(r.seconds)} (seeding ${fmtSeconds(r.seedSeconds)}, ${fmtInt(r.seedRowsPerS)} rows/s)`);
  console.log(`readings ${fmtInt(s.rows)}: ${(s.readingsBytes / s.rows).toFixed(1)} bytes/reading — ${s.detail}`);
  console.log(
    `energy_intervals ${(s.intervalsBytes / s.rows).toFixed(1)} and energy_rollups ${(s.rollupsBytes / s.rows).toFixed(1)} bytes per reading (${fmtInt(s.rollupRows)} rollup rows); ` +
      `all metering tables ${((s.readingsBytes + s.intervalsBytes + s.rollupsBytes) / s.rows).toFixed(1)} bytes/reading; database ${(s.fileBytes / 1024 ** 3).toFixed(2)} GiB`,
  );
  printTable(
    ['query', 'rows', 'p50 ms', 'p95 ms', 'max ms', 'target p95', ''],
    r.queries.map((q) => [
      q.name,
      fmtInt(q.rows),
      fmtMs(q.p50),
      fmtMs(q.p95),
      fmtMs(q.max),
      q.target ? `${q.target} ms` : '–',
      q.target ? (q.p95 <= q.target ? 'ok' : 'MISSED') : '',
    ]),
  );
}

function reportSummary(results: EngineResult[], skipped: string[]): void {
  if (results.length > 1) {
    reportHeader();
    console.log('\nsummary (p95 ms)');
    const names = results[0]!.queries.map((q) => q.name);
    printTable(
      ['', ...results.map((r) => r.engine)],
      [
        ['bytes/reading (readings table)', ...results.map((r) => (r.size.readingsBytes / r.size.rows).toFixed(1))],
        ...names.map((name) => [name, ...results.map((r) => fmtMs(r.queries.find((q) => q.name === name)?.p95 ?? NaN))]),
      ],
    );
  }
  for (const line of skipped) console.log(`skipped ${line}`);
}

// ---------------------------------------------------------------- main
const { engines, skipped } = await selectEngines();
{
  // Rough need: SQLite ≈ 80 bytes, PostgreSQL ≈ 250 bytes per reading (all three tables, plus WAL).
  const readings = METERS * DAYS * 96;
  const need = readings * (engines.includes('postgres') ? 250 : 80);
  const fs = statfsSync(tmpdir());
  const free = fs.bavail * fs.bsize;
  console.log(`disk: ${(free / 1024 ** 3).toFixed(0)} GiB free in ${tmpdir()}, about ${(need / 1024 ** 3).toFixed(1)} GiB needed at the peak`);
  if (free < need * 1.5) {
    console.error('not enough free disk for this size: set BENCH_METERS or BENCH_DAYS lower');
    process.exit(1);
  }
}
const results: EngineResult[] = [];
let failed = false;
for (const engine of engines) {
  if (interrupted()) break;
  const idle = machineCpu();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  console.log(`storage and queries on ${engine} … (machine ${(idle() * 100).toFixed(0)} % busy just before: other processes)`);
  try {
    const result = await runEngine(engine);
    results.push(result);
    reportHeader();
    reportEngine(result);
  } catch (error) {
    failed = true;
    if (!interrupted()) console.error(`[${engine}] failed:`, error);
  }
}
reportSummary(results, skipped);
process.exit(failed ? 1 : 0);
