// What the several-process benches share: a Mosquitto of the run's own and the CPU and memory of the server processes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/support/serverProcess';

const TICKS_PER_SECOND = 100;

/** CPU seconds and RSS bytes of these processes now (/proc); a process that ended counts nothing. */
export function processSample(pids: number[]): { cpuSeconds: number; rss: number } {
  let ticks = 0;
  let rss = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // ended
    }
  }
  return { cpuSeconds: ticks / TICKS_PER_SECOND, rss };
}

export interface BenchBroker {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of the run's own on a free loopback port (no persistence, no queue or in-flight caps): the machine's
 * broker is shared with suites whose share groups subscribe to every gateway's readings and would each get the load.
 */
export async function startBenchBroker(): Promise<BenchBroker> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'energy-bench-broker-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 0\nmax_inflight_messages 0\n`);
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited (${child.exitCode})`);
    // Anything but "refused" means it listens (it does not speak HTTP).
    const open = await fetch(`http://127.0.0.1:${port}`).then(
      () => true,
      (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED',
    );
    if (open) break;
    if (i === 100) {
      await stop();
      throw new Error('mosquitto did not listen within 10 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, url: `mqtt://127.0.0.1:${port}`, stop };
}
