import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../../tests/support/serverProcess';

// The real entry point, as `npm start` runs it: what a person at the terminal reads when something is off.
const ROOT = resolve(import.meta.dirname, '../..');

async function until(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; output so far:\n${what()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('a taken MQTT port at start', { timeout: 60_000 }, () => {
  let blocker: Server | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await new Promise((done) => (blocker ? blocker.close(done) : done(undefined)));
  });

  it('is one plain sentence with the fix, HTTP keeps serving, and health checks write no line', async () => {
    blocker = createServer();
    await new Promise<void>((done) => blocker!.listen(0, '0.0.0.0', done));
    const mqttPort = (blocker.address() as { port: number }).port;
    server = await startServer({ MQTT_PORT: String(mqttPort), LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', SEED_DEMO: 'off' });
    const running = server;
    await until(() => running.output().includes('MQTT:'), running.output);
    const output = running.output();
    const lines = output.split('\n');
    expect(lines.filter((line) => line.includes('MQTT:'))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\d\\d:\\d\\d:\\d\\d (\\u001b\\[31m)?ERROR(\\u001b\\[0m)? MQTT: port ${mqttPort} is taken by another program, so devices cannot publish readings to this server \\(MQTT ingestion is off\\); set MQTT_PORT to a free port, or MQTT_URL to use that broker\\.$`,
        ),
      ),
    ]);
    // No SMTP server is saved on a fresh site: said once, with where to set it.
    expect(lines.filter((line) => line.includes('E-mail:'))).toEqual([
      expect.stringMatching(
        /WARN.* E-mail: no SMTP server is set, so alarm e-mails are not sent; set the SMTP server in the console under Messaging › E-mail & test send \(\/msg\/verify\)\.$/,
      ),
    ]);
    expect(output).not.toMatch(/^\s+at /m); // no stack trace
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    const page = await fetch(`${running.url}/api/users/info`);
    expect(page.status).toBe(401);
    await until(() => running.output().includes('GET /api/users/info 401'), running.output);
    // startServer polled /api/health until the server answered, and we asked once more: none of it is logged.
    expect(running.output()).not.toContain('/api/health');
    expect(
      running
        .output()
        .split('\n')
        .filter((line) => line.includes('GET /api/users/info')),
    ).toHaveLength(1);
  });
});

describe('PostgreSQL unreachable at start', { timeout: 60_000 }, () => {
  it('prints one sentence with the fix and exits with code 1, without a stack trace', async () => {
    const closedPort = await freePort(); // nothing listens there once freePort has closed it
    const dataDir = mkdtempSync(join(tmpdir(), 'energy-pg-down-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: `postgres://energy:secret@127.0.0.1:${closedPort}/energy`,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        MQTT_PORT: 'off',
        SIMULATOR: 'off',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const records = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(records.map((record) => [record.level, record.msg])).toEqual([
      [
        60,
        `PostgreSQL at 127.0.0.1:${closedPort}/energy cannot be reached (connection refused), so the server cannot start; start PostgreSQL there or correct DATABASE_URL (leave it unset to use the embedded SQLite file).`,
      ],
    ]);
    expect(stderr).not.toContain('secret');
  });
});
