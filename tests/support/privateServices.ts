import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './serverProcess';

/**
 * Private Redis, Mosquitto and PostgreSQL instances on free loopback ports, for suites that stop and restart them
 * (the machine's own services are shared by every suite running at the time and are never touched). Each start,
 * stop and restart resolves once the service answers (or is gone).
 */
export interface PrivateService {
  name: string;
  port: number;
  /** The URL a client uses (postgres://…/postgres for PostgreSQL: the admin database). */
  url: string;
  /** Starts it again after `stop` (same port, same data: Redis keeps none, Mosquitto and PostgreSQL keep theirs). */
  start(): Promise<void>;
  /** A clean stop (SIGTERM for Redis and Mosquitto, `pg_ctl stop -m fast`); resolves when it no longer answers. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  dispose(): Promise<void>;
}

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const WAIT_MS = 30_000;

function need(binary: string, hint: string): string {
  const found = binary.includes('/')
    ? existsSync(binary)
      ? binary
      : ''
    : spawnSync('sh', ['-c', `command -v ${binary}`])
        .stdout.toString()
        .trim();
  if (!found) throw new Error(`${binary} is not installed: ${hint}`);
  return found;
}

async function waitFor(what: string, answers: () => Promise<boolean>, wanted = true): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if ((await answers().catch(() => false)) === wanted) return;
    if (Date.now() > deadline) throw new Error(`${what} did not ${wanted ? 'answer' : 'go away'} within ${WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `probe` on a fresh TCP connection and resolves true when the reply matches `expect`. */
function tcpAnswers(port: number, probe: Buffer, expect: (reply: Buffer) => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(probe));
    socket.once('data', (reply) => done(expect(reply)));
  });
}

/** True while something accepts TCP on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
  });
}

/** A process we spawned: its exit, and its output for failure messages. */
function spawned(command: string, args: string[]): { child: ChildProcess; exited: Promise<void>; output: () => string } {
  let output = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
}

/** A service run as a child process of ours: start = spawn and wait for `answers`, stop = SIGTERM and wait for the exit. */
function childService(
  name: string,
  port: number,
  url: string,
  launch: () => [string, string[]],
  answers: () => Promise<boolean>,
  cleanup: () => void,
): PrivateService {
  let running: ReturnType<typeof spawned> | undefined;
  const service: PrivateService = {
    name,
    port,
    url,
    async start() {
      const [command, args] = launch();
      const current = spawned(command, args);
      running = current;
      await waitFor(`${name} on port ${port}`, async () => {
        if (current.child.exitCode !== null) throw new Error(`${name} exited (${current.child.exitCode}):\n${current.output()}`);
        return answers();
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${current.output()}`);
      });
    },
    async stop() {
      const current = running;
      running = undefined;
      if (!current || current.child.exitCode !== null) return;
      current.child.kill('SIGTERM');
      await current.exited;
      await waitFor(`${name} on port ${port}`, () => accepts(port), false);
    },
    async restart() {
      await service.stop();
      await service.start();
    },
    async dispose() {
      await service.stop();
      cleanup();
    },
  };
  return service;
}

/** redis-server on a free port, nothing saved (a restart comes back empty, as Redis without persistence does). */
export async function startPrivateRedis(): Promise<PrivateService> {
  const binary = need('redis-server', 'apt-get install redis-server');
  const port = await freePort();
  const service = childService(
    'Redis',
    port,
    `redis://127.0.0.1:${port}`,
    () => [binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no']],
    () => tcpAnswers(port, Buffer.from('PING\r\n'), (reply) => reply.toString().startsWith('+PONG')),
    () => undefined,
  );
  await service.start();
  return service;
}

/** MQTT 3.1.1 CONNECT (clean session, keepalive 5 s, client id "probe"): a broker that is up answers CONNACK (0x20). */
const MQTT_CONNECT = Buffer.from([0x10, 0x11, 0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x05, 0x00, 0x05, 0x70, 0x72, 0x6f, 0x62, 0x65]);

/**
 * mosquitto with anonymous access on a free port; persistence on (in a temp dir) and no cap on queued messages, so
 * a clean restart keeps the sessions of the server processes and what was queued for them, as production does.
 */
export async function startPrivateMosquitto(): Promise<PrivateService> {
  const binary = need('mosquitto', 'apt-get install mosquitto');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'energy-mosquitto-'));
  // Started as root, mosquitto drops to the mosquitto user: that user writes the persistence file.
  try {
    const { uid, gid } = userIds('mosquitto');
    chownSync(dir, uid, gid);
  } catch {
    /* no mosquitto user: it keeps running as whoever started it */
  }
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'max_queued_messages 0',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const service = childService(
    'Mosquitto',
    port,
    `mqtt://127.0.0.1:${port}`,
    () => [binary, ['-c', conf]],
    () => tcpAnswers(port, MQTT_CONNECT, (reply) => reply[0] === 0x20),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  await service.start();
  return service;
}

function userIds(name: string): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', name]).stdout.toString().trim());
  const gid = Number(spawnSync('id', ['-g', name]).stdout.toString().trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || spawnSync('id', ['-u', name]).status !== 0) throw new Error(`no user ${name}`);
  return { uid, gid };
}

/**
 * Runs a PostgreSQL binary as the postgres OS user when we are root (initdb and postgres refuse to run as root).
 * Asynchronous: the suite's sockets and publishers keep running while PostgreSQL stops and starts.
 */
function asPostgres(command: string, args: string[]): Promise<{ status: number | null; output: string }> {
  const root = process.getuid?.() === 0;
  const { child, exited, output } = root ? spawned('runuser', ['-u', 'postgres', '--', command, ...args]) : spawned(command, args);
  return exited.then(() => ({ status: child.exitCode, output: output() }));
}

/**
 * A PostgreSQL cluster of its own (initdb in a temp dir, trust auth, loopback port), driven by pg_ctl. Lean settings
 * (no fsync, small buffers): the suites test behaviour across a restart, not durability of the machine.
 */
export async function startPrivatePostgres(): Promise<PrivateService> {
  const initdb = need(join(PG_BIN, 'initdb'), `PostgreSQL server binaries missing in ${PG_BIN} (apt-get install postgresql, or set PG_BIN)`);
  const pgCtl = need(join(PG_BIN, 'pg_ctl'), `pg_ctl missing in ${PG_BIN}`);
  const root = process.getuid?.() === 0;
  if (root) need('runuser', 'runuser (util-linux) runs initdb as the postgres user');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'energy-postgres-'));
  if (root) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const init = await asPostgres(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.output}`);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const answers = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=64MB -c max_connections=200`;
  const service: PrivateService = {
    name: 'PostgreSQL',
    port,
    url,
    async start() {
      const started = await asPostgres(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
      if (started.status !== 0) throw new Error(`pg_ctl start failed:\n${started.output}`);
      await waitFor(`PostgreSQL on port ${port}`, answers);
    },
    async stop() {
      if (!existsSync(join(data, 'postmaster.pid'))) return;
      const stopped = await asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
      if (stopped.status !== 0) throw new Error(`pg_ctl stop failed:\n${stopped.output}`);
      await waitFor(`PostgreSQL on port ${port}`, () => accepts(port), false);
    },
    async restart() {
      await service.stop();
      await service.start();
    },
    async dispose() {
      await service.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}
