import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openStorage } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { FakeWechatPay } from '../../server/prepaid/provider/fakeWechatPay.test-util';
import { createClusterDatabase, type ClusterDatabase } from '../support/cluster';
import { startServer, type RunningServer } from '../support/serverProcess';

/** server/prepaid/reconciliation/reconciliation.ts RECONCILIATION_JOB */
const RECONCILIATION_JOB = 'prepaid-reconciliation';

/**
 * A local hour of 14 whatever the time of the run (Etc/GMT-N is UTC+N), so yesterday's reconciliation is due (after
 * 10:00) and no local midnight falls inside the test.
 */
const offset = 14 - new Date().getUTCHours();
const TIME_ZONE = offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(Date.now() - 86_400_000);

/** Which of `pids` has a TCP socket whose local port is `port` (read from /proc: the socket's inode among their fds). */
function pidOfLocalPort(port: number, pids: number[]): number | null {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && parseInt(fields[1]!.split(':')[1]!, 16) === port) inodes.add(fields[9]!);
    }
  }
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const link = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return null;
}

/** A local HTTP server whose first matching request is held unanswered (the peer's socket stays open) until closed. */
class StallingServer {
  server: Server | null = null;
  url = '';
  /** requests that matched `stall`, in order: the client's source port */
  matched: number[] = [];
  private held: ServerResponse[] = [];

  constructor(
    private readonly stall: (request: IncomingMessage) => boolean,
    private readonly handle: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.stall(request)) {
          this.matched.push(request.socket.remotePort ?? 0);
          if (this.matched.length === 1) {
            this.held.push(response);
            return;
          }
        }
        this.handle(request, Buffer.concat(chunks), response);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let database: ClusterDatabase;
let db: pg.Client;
let servers: RunningServer[] = [];
let wechatPay: FakeWechatPay;
/** In front of the fake WeChat Pay: holds the first bill download. */
let provider: StallingServer;
/** A WeCom group robot whose first message is held. */
let robot: StallingServer;
const robotMessages: string[] = [];
let env: Record<string, string> = {};

beforeAll(async () => {
  wechatPay = await new FakeWechatPay().start();
  const upstream = new URL(wechatPay.baseUrl);
  provider = await new StallingServer(
    (request) => (request.url ?? '').startsWith('/v3/billdownload/file'),
    (request, body, response) => {
      const forwarded = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.end(body);
    },
  ).start();
  // Every address the fake hands out (the bill's download address included) goes through the stalling proxy.
  wechatPay.baseUrl = provider.url;
  wechatPay.bill.extra = [{ outTradeNo: 'FAILOVER-1', transactionId: '4200000001', tradeState: 'SUCCESS', amountMinor: 12_345 }];
  robot = await new StallingServer(
    (request) => request.method === 'POST',
    (_request, body, response) => {
      robotMessages.push(body.toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0,"errmsg":"ok"}');
    },
  ).start();

  database = await createClusterDatabase();
  // The merchant is configured before any process starts, so the first process to check the day reconciles it.
  const dataDir = mkdtempSync(join(tmpdir(), 'energy-failover-'));
  const storage = await openStorage({ databaseUrl: database.url, dataDir });
  await migrateToLatest(storage);
  await storage.close();
  rmSync(dataDir, { recursive: true, force: true });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const settings = wechatPay.settings();
  await db.query(
    `insert into wx_apps (app_id, mch_id, merchant_serial_no, api_v3_key, private_key_pem, platform_public_key_pem, base_url, notify_url, enabled, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9)`,
    [
      settings.appId,
      settings.mchId,
      settings.merchantSerialNo,
      settings.apiV3Key,
      settings.privateKeyPem,
      settings.platformPublicKeyPem,
      settings.baseUrl,
      settings.notifyUrl,
      Date.now(),
    ],
  );
  await db.query(`insert into push_channel_settings (channel, config, updated_at) values ('wechat', $1, $2)`, [
    JSON.stringify({ enabled: true, adapter: 'wecom-robot', webhookUrl: `${robot.url}/cgi-bin/webhook/send?key=failover` }),
    Date.now(),
  ]);
  env = {
    DATABASE_URL: database.url,
    JWT_SECRET: `failover-secret-${randomBytes(4).toString('hex')}-${'x'.repeat(32)}`,
    SEED_DEMO: 'off',
    TIME_ZONE,
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((server) => server.stop()));
  await db?.end();
  await database?.drop();
  await provider?.stop();
  await robot?.stop();
  await wechatPay?.stop();
});

/** Polls every 200 ms until `read` gives a value `test` accepts; that value, or undefined after `withinMs`. */
async function until<T>(read: () => Promise<T>, test: (value: T) => boolean, withinMs: number): Promise<T | undefined> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (test(value)) return value;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const pidOf = (processName: string | null | undefined): number | null => (processName ? Number(processName.split(':').at(-2)) : null);

interface ClaimRow {
  period: string;
  claimed_by: string;
  done_at: number | null;
}

const claimRow = async (): Promise<ClaimRow | undefined> =>
  (await db.query<ClaimRow>('select period, claimed_by, done_at::float8 as done_at from job_claims where job = $1', [RECONCILIATION_JOB])).rows[0];

describe('background jobs move to another process when theirs is killed', () => {
  it("yesterday's reconciliation, stalled on the provider's bill download by the process that claimed it, is finished by the other process within 30 s of a kill -9, once", async () => {
    // Each process checks 5 s after start; the first claims the day and stalls on the held download.
    const stalled = await until(
      async () => ({ claim: await claimRow(), downloads: provider.matched.length }),
      (seen) => seen.claim !== undefined && seen.downloads === 1,
      40_000,
    );
    expect(stalled, 'a process claimed the day and started the bill download').toBeDefined();
    expect(stalled!.claim).toMatchObject({ period: yesterday, done_at: null });
    const holder = servers.find((server) => server.process.pid === pidOf(stalled!.claim!.claimed_by))!;
    const other = servers.find((server) => server !== holder)!;
    expect(holder, 'the claim names one of the two processes').toBeDefined();
    // The held download is the holder's own request.
    expect(pidOfLocalPort(provider.matched[0]!, [holder.process.pid!, other.process.pid!])).toBe(holder.process.pid);

    const killedAt = Date.now();
    holder.process.kill('SIGKILL');
    const done = await until(claimRow, (claim) => claim?.done_at !== null && pidOf(claim?.claimed_by) === other.process.pid, 40_000);
    const takeoverMs = Date.now() - killedAt;
    expect(done, `pid ${other.process.pid} finished the day`).toBeDefined();
    expect(done!.period).toBe(yesterday);
    expect(takeoverMs).toBeLessThanOrEqual(30_000);

    const day = await db.query(
      'select day, state, provider_count, provider_minor::float8 as provider_minor, ledger_count, differences from reconciliation_days',
    );
    expect(day.rows).toEqual([{ day: yesterday, state: 'done', provider_count: 1, provider_minor: 12_345, ledger_count: 0, differences: 1 }]);
    const items = await db.query('select day, kind, out_trade_no, provider_minor::float8 as provider_minor from reconciliation_items');
    expect(items.rows).toEqual([{ day: yesterday, kind: 'missing_in_ledger', out_trade_no: 'FAILOVER-1', provider_minor: 12_345 }]);
    // Exactly once: the killed holder's download and the survivor's, and no further run of the done day.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(provider.matched).toHaveLength(2);
    console.log(`reconciliation: day ${yesterday} finished by the survivor ${takeoverMs} ms after kill -9 of its claimer`);
  }, 120_000);

  it('a push whose send stalls is sent by the other process within 30 s of a kill -9 of the sender, once', async () => {
    // The first test killed one process: one more, so two compete for the record again.
    servers.push(await startServer(env));
    const live = servers.filter((server) => server.process.exitCode === null && server.process.signalCode === null);
    expect(live).toHaveLength(2);
    const pids = live.map((server) => server.process.pid!);
    const created = Date.now();
    const record = await db.query<{ id: number }>(
      `insert into push_records (channel, address, subject, body, state, attempts, next_attempt_at, created_at)
       values ('wechat', '13800000000', 'Failover', 'Failover push', 'pending', 0, $1, $1) returning id`,
      [created],
    );
    const id = record.rows[0]!.id;
    // Both workers poll every 2 s; one claims the record and its post is held.
    expect(
      await until(
        async () => robot.matched.length,
        (n) => n === 1,
        20_000,
      ),
    ).toBe(1);
    const senderPid = pidOfLocalPort(robot.matched[0]!, pids);
    const sender = live.find((server) => server.process.pid === senderPid)!;
    const other = live.find((server) => server !== sender)!;
    expect(sender, 'the held post came from one of the two processes').toBeDefined();

    const killedAt = Date.now();
    sender.process.kill('SIGKILL');
    const sent = await until(
      async () => (await db.query<{ state: string; attempts: number }>('select state, attempts from push_records where id = $1', [id])).rows[0],
      (row) => row?.state === 'sent',
      40_000,
    );
    const takeoverMs = Date.now() - killedAt;
    expect(sent, `pid ${other.process.pid} sent the record`).toEqual({ state: 'sent', attempts: 2 });
    expect(takeoverMs).toBeLessThanOrEqual(30_000);
    // Once: the killed sender's held post and the survivor's, one provider call recorded (the survivor's), one message out.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(robot.matched).toHaveLength(2);
    expect(robotMessages).toHaveLength(1);
    expect(JSON.parse(robotMessages[0]!)).toEqual({ msgtype: 'text', text: { content: 'Failover push', mentioned_mobile_list: ['13800000000'] } });
    const calls = await db.query('select ok, status from provider_calls where record_id = $1', [id]);
    expect(calls.rows).toEqual([{ ok: 1, status: 200 }]);
    console.log(`push record: sent by the survivor ${takeoverMs} ms after kill -9 of the process sending it`);
  }, 120_000);
});
