import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { renderTemplate } from '../../deploy/render.mjs';
import { freePort } from './serverProcess';

const ROOT = resolve(import.meta.dirname, '../..');
export const HAPROXY_TEMPLATE = join(ROOT, 'deploy/haproxy.cfg.template');

/** The HAProxy binary (Debian puts it in /usr/sbin, often not on a user's PATH); undefined when not installed. */
export function haproxyBinary(): string | undefined {
  const candidates = [...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'haproxy')), '/usr/sbin/haproxy'];
  return candidates.find((file) => existsSync(file));
}

export interface ServerState {
  /** s1, s2, … in the order of the addresses given. */
  name: string;
  /** UP, DOWN, "UP 1/2" (going down), … as HAProxy's statistics say. */
  status: string;
  /** Connections open now, and in all (each HTTP request or socket is one). */
  current: number;
  total: number;
}

export interface LoadBalancer {
  url: string;
  port: number;
  statsUrl: string;
  process: ChildProcess;
  /** Per server of one backend (`energy`: API and pages, `energy_socketio`: sockets), from the statistics CSV. */
  servers(backend?: 'energy' | 'energy_socketio'): Promise<ServerState[]>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * HAProxy from the shipped config (deploy/haproxy.cfg.template, rendered with deploy/render.mjs) on free ports, in
 * front of the given server addresses (host:port). Fails with the reason when HAProxy is not installed: nothing is
 * installed here (.ci/run installs Debian's haproxy package).
 */
export async function startLoadBalancer(addresses: string[], env: Record<string, string> = {}): Promise<LoadBalancer> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('HAProxy is not installed (no haproxy on PATH nor /usr/sbin/haproxy): `apt-get install haproxy` (.ci/run does)');
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'energy-lb-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    renderTemplate(readFileSync(HAPROXY_TEMPLATE, 'utf8'), {
      SERVERS: addresses.join(','),
      LB_PORT: String(port),
      LB_BIND: '127.0.0.1',
      LB_STATS_PORT: String(statsPort),
      LB_LOG_TARGET: 'stderr format raw',
      LB_MAXCONN: '2000',
      ...env,
    }),
  );
  let output = '';
  // -db: in the foreground, no daemon; the test owns the process.
  const child = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats`;

  const servers = async (backend: 'energy' | 'energy_socketio' = 'energy'): Promise<ServerState[]> => {
    const csv = await (await fetch(`${statsUrl};csv;norefresh`)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? '';
    return rows
      .map((row) => row.split(','))
      .filter((cells) => at(cells, 'pxname') === backend && !['FRONTEND', 'BACKEND'].includes(at(cells, 'svname')))
      .map((cells) => ({ name: at(cells, 'svname'), status: at(cells, 'status'), current: Number(at(cells, 'scur')), total: Number(at(cells, 'stot')) }));
  };

  const balancer: LoadBalancer = {
    url: `http://127.0.0.1:${port}`,
    port,
    statsUrl,
    process: child,
    servers,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // Listening, and every server seen UP by its health check.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`haproxy exited (${child.exitCode}):\n${output}`);
    }
    try {
      const states = await servers();
      if (states.length === addresses.length && states.every((state) => state.status === 'UP')) return balancer;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await balancer.stop();
      throw new Error(`haproxy did not see every server UP within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
