// Helpers shared by the metering benches: engine selection, a PostgreSQL probe, private schemas, the bench
// organisation (departments, sub-items, gateways, meters), table printing and memory sampling.
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

export type Engine = 'sqlite' | 'postgres';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the development machine's PostgreSQL. */
export function postgresUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_PG_URL;
}

export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Whether something answers at the URL's host and port, and accepts a login (bounded by a timeout). */
export async function postgresReachable(url: string, timeoutMs = 2_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const open = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
  if (!open) return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The engines to run: BENCH_ENGINES (comma list), default both, PostgreSQL only when it answers. */
export async function selectEngines(): Promise<{ engines: Engine[]; skipped: string[] }> {
  const wanted = (process.env.BENCH_ENGINES ?? 'sqlite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Engine[];
  const engines: Engine[] = [];
  const skipped: string[] = [];
  for (const engine of wanted) {
    if (engine === 'postgres' && !(await postgresReachable(postgresUrl()))) {
      skipped.push(`postgres: nothing answers at ${new URL(postgresUrl()).host}`);
      continue;
    }
    if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine "${engine}"`);
    engines.push(engine);
  }
  return { engines, skipped };
}

export const privateSchemaName = (what: string) => `bench_${what}_${process.pid}_${randomBytes(3).toString('hex')}`;

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export interface BenchOrganisation {
  departmentIds: number[];
  /** Level-3 departments the meters sit on. */
  leafDepartmentIds: number[];
  topDepartmentIds: number[];
  /** Department id → its parent's id (absent for top-level ones). */
  parentOf: Map<number, number>;
  subitemIds: number[];
  gateways: { id: number; sn: string; meterIds: number[]; meterCodes: string[] }[];
  meters: { id: number; code: string; gatewayIndex: number; departmentId: number; subitemId: number; ratedPowerKw: number }[];
}

/**
 * 10 top-level departments × 2 × 2 (70 departments on three levels, no main meters, so every meter's
 * energy counts for its leaf department and both ancestors), 4 sub-items, `gatewayCount` gateways owned by
 * the admin, and `meterCount` electricity meters spread over them and over the 40 leaf departments.
 */
export async function createOrganisation(
  db: Kysely<Database>,
  options: { meterCount: number; gatewayCount: number; mqttPasswordHash?: string },
): Promise<BenchOrganisation> {
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const departmentIds: number[] = [];
  const topDepartmentIds: number[] = [];
  const leafDepartmentIds: number[] = [];
  const parentOf = new Map<number, number>();
  const addDepartment = async (code: string, parentId: number | null, level: number) => {
    const row = await db
      .insertInto('departments')
      .values({ name: `Bench ${code}`, code, parent_id: parentId, level, sort: departmentIds.length, owner_user_id: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    departmentIds.push(row.id);
    if (parentId !== null) parentOf.set(row.id, parentId);
    return row.id;
  };
  for (let a = 0; a < 10; a++) {
    const top = await addDepartment(`BD${a}`, null, 1);
    topDepartmentIds.push(top);
    for (let b = 0; b < 2; b++) {
      const mid = await addDepartment(`BD${a}-${b}`, top, 2);
      for (let c = 0; c < 2; c++) leafDepartmentIds.push(await addDepartment(`BD${a}-${b}-${c}`, mid, 3));
    }
  }
  const subitemIds: number[] = [];
  for (const code of ['LIGHTING', 'HVAC', 'POWER', 'SPECIAL']) {
    const row = await db
      .insertInto('subitems')
      .values({ code: `BENCH-${code}`, name: `Bench ${code}`, parent_id: null, sort: subitemIds.length, owner_user_id: admin.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    subitemIds.push(row.id);
  }
  const gateways: BenchOrganisation['gateways'] = [];
  for (let g = 0; g < options.gatewayCount; g++) {
    const sn = `BENCH-GW-${String(g + 1).padStart(2, '0')}`;
    const row = await db
      .insertInto('gateways')
      .values({
        sn,
        name: sn,
        owner_user_id: admin.id,
        online: 0,
        last_seen_at: null,
        mqtt_username: options.mqttPasswordHash ? sn : null,
        mqtt_password_hash: options.mqttPasswordHash ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    gateways.push({ id: row.id, sn, meterIds: [], meterCodes: [] });
  }
  const meters: BenchOrganisation['meters'] = [];
  const now = Date.now();
  const perGateway = Math.ceil(options.meterCount / options.gatewayCount);
  const rows = Array.from({ length: options.meterCount }, (_, i) => {
    const gatewayIndex = Math.min(options.gatewayCount - 1, Math.floor(i / perGateway));
    return {
      code: `BM${String(i + 1).padStart(4, '0')}`,
      name: `Bench meter ${i + 1}`,
      owner_user_id: admin.id,
      gateway_id: gateways[gatewayIndex]!.id,
      department_id: leafDepartmentIds[i % leafDepartmentIds.length]!,
      energy_type: 'electricity',
      unit: 'kWh',
      ct_ratio: 1,
      pt_ratio: 1,
      register_max: 99_999_999,
      created_at: now,
      subitem_id: subitemIds[i % subitemIds.length]!,
      rated_power_kw: 500,
      gatewayIndex,
    };
  });
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const inserted = await db
      .insertInto('meters')
      .values(chunk.map(({ gatewayIndex: _g, ...row }) => row))
      .returning(['id', 'code'])
      .execute();
    inserted.forEach((row, k) => {
      const source = chunk[k]!;
      meters.push({
        id: row.id,
        code: row.code,
        gatewayIndex: source.gatewayIndex,
        departmentId: source.department_id,
        subitemId: source.subitem_id,
        ratedPowerKw: source.rated_power_kw,
      });
      gateways[source.gatewayIndex]!.meterIds.push(row.id);
      gateways[source.gatewayIndex]!.meterCodes.push(row.code);
    });
  }
  return { departmentIds, leafDepartmentIds, topDepartmentIds, parentOf, subitemIds, gateways, meters };
}

/** Fixed-width table: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : '–');
export const fmtSeconds = (s: number) => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);

/** Busy share of the whole machine (all cores) between two snapshots of os.cpus(). */
export function machineCpu(): () => number {
  const snapshot = () =>
    cpus().reduce((acc, c) => ({ idle: acc.idle + c.times.idle, total: acc.total + c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle }), {
      idle: 0,
      total: 0,
    });
  const before = snapshot();
  return () => {
    const after = snapshot();
    const total = after.total - before.total;
    return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
  };
}

/**
 * CPU seconds used by every process named `comm` (Linux /proc; e.g. "postgres": backends, WAL writer,
 * checkpointer) since the call, read when the returned function is called. Processes that end between the
 * two readings are missed; ones that start count whole. Returns NaN where /proc is not available.
 */
export function processCpu(comm: string): () => number {
  const TICKS = 100;
  const snapshot = (): Map<number, number> | undefined => {
    try {
      const map = new Map<number, number>();
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          const close = stat.lastIndexOf(')');
          if (stat.slice(stat.indexOf('(') + 1, close) !== comm) continue;
          const fields = stat.slice(close + 2).split(' ');
          map.set(Number(entry), Number(fields[11]) + Number(fields[12]));
        } catch {
          // the process ended while we looked
        }
      }
      return map;
    } catch {
      return undefined;
    }
  };
  const before = snapshot();
  return () => {
    const after = snapshot();
    if (!before || !after) return Number.NaN;
    let ticks = 0;
    for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
    return ticks / TICKS;
  };
}

const interruptCleanups = new Set<() => Promise<void> | void>();
let interruptHandlersInstalled = false;
let interruptedBy: string | undefined;

/** Whether SIGINT/SIGTERM arrived (errors after it are the interruption's, not worth reporting). */
export const interrupted = (): boolean => interruptedBy !== undefined;

/**
 * Runs `cleanup` (drop the private schema, delete the temp folder, stop child processes) when the bench is
 * interrupted (SIGINT, SIGTERM) instead of leaving them behind; returns the function that unregisters it
 * (call it once the normal path has cleaned up).
 */
export function onInterrupt(cleanup: () => Promise<void> | void): () => void {
  if (!interruptHandlersInstalled) {
    interruptHandlersInstalled = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        interruptedBy = signal;
        console.error(`\n${signal}: cleaning up …`);
        const all = Promise.allSettled([...interruptCleanups].map(async (c) => c()));
        const limit = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
        void Promise.race([all, limit]).then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
  }
  interruptCleanups.add(cleanup);
  return () => void interruptCleanups.delete(cleanup);
}
