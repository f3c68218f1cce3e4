import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTACH_MAX_BYTES } from '@shared/reports/constants';
import { reportScheduleBodySchema } from '@shared/reports/scheduleSchemas';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { ChannelSettingsStore } from '../../pushes/channelSettings';
import { adminId, insertDefinition } from '../runs/reportRunsKit.test-util';
import { DELIVERY_RETRY_DELAYS_MS, ReportDeliveries, type LinkForRun } from './reportDeliveries';

const TZ = 'Asia/Shanghai';
const FILE = Buffer.from('Meter,Energy (kWh)\r\nM-001,120.50\r\n', 'utf8');

interface Mail {
  to: string[];
  raw: string;
}
/** A real SMTP server on a free port; `refuse` answers the next n messages with 451. */
let mails: Mail[];
let refuse = 0;
let server: SMTPServer;
let port: number;

let t: TestApp;
let token: string;
let owner: number;
let definition: number;
let clock: number;
let linkCalls: Parameters<LinkForRun>[0][];
let slots = 0;

/** Text and attachments of a multipart mail as nodemailer writes it. */
function partsOf(raw: string): { text: string; attachments: { filename: string; bytes: Buffer }[] } {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error('not multipart');
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  let text = '';
  const attachments: { filename: string; bytes: Buffer }[] = [];
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const content = part.slice(split + 4).replace(/\r\n$/, '');
    const base64 = /content-transfer-encoding: base64/i.test(head);
    const quoted = /content-transfer-encoding: quoted-printable/i.test(head);
    const decoded = base64
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : quoted
        ? Buffer.from(
            content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(content, 'utf8');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (filename) attachments.push({ filename, bytes: decoded });
    else text += decoded.toString('utf8');
  }
  return { text, attachments };
}

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return response.json();
};

/** A done scheduled run with FILE as its bytes (sizeBytes may claim more, to test the link path). */
async function doneRun(recipients: string[], sizeBytes = FILE.length): Promise<{ runId: number; scheduleId: number }> {
  const schedule = await t.app.reports.schedules.create(
    { all: true, home: owner },
    owner,
    reportScheduleBodySchema.parse({ definitionId: definition, name: 'Morning', cadence: 'daily', formats: ['csv'], recipients }),
  );
  const db = t.app.storage.db;
  const run = await db
    .insertInto('report_runs')
    .values({
      owner_user_id: owner,
      definition_id: definition,
      schedule_id: schedule.id,
      schedule_slot: ++slots,
      name: 'Daily energy',
      spec: '{}',
      format: 'csv',
      lang: 'en',
      period_from: '2026-10-01',
      period_to: '2026-10-01',
      state: 'done',
      progress: 1,
      file_name: 'Daily_energy_2026-10-01_2026-10-01.csv',
      size_bytes: sizeBytes,
      created_by: owner,
      created_at: clock,
      finished_at: Date.parse('2026-10-02T00:05:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('report_files').values({ run_id: run.id, content: FILE }).execute();
  return { runId: Number(run.id), scheduleId: schedule.id };
}

const worker = () =>
  new ReportDeliveries(t.app.storage.db, t.app.reports.runs, new ChannelSettingsStore(t.app.storage.db), {
    pollMs: 0,
    now: () => clock,
    processId: 'test-worker',
    linkForRun: () => async (args) => {
      linkCalls.push(args);
      return { url: `http://reports.example.test/report-sheet?token=tok-${args.runId}` };
    },
  });
const deliveriesOf = async (runId: number) => (await call('GET', `/api/report-deliveries?runId=${runId}`)).data.rows.reverse();

beforeAll(async () => {
  mails = [];
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          const error = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          callback(error);
          return;
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ timeZone: TZ });
  await t.app.reports.runner.stop();
  await t.app.reports.deliveries.stop();
  token = await loginAs(t.app);
  owner = await adminId(t.app);
  definition = await insertDefinition(t.app, 'Daily energy', owner);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  mails.length = 0;
  refuse = 0;
  linkCalls = [];
  clock = Date.parse('2026-10-02T00:10:00Z');
});

describe('report e-mails', () => {
  it('fail at once with a clear detail when no e-mail channel is set up', async () => {
    const { runId } = await doneRun(['ops@example.test']);
    const w = worker();
    expect(await w.createForRun(runId)).toBe(1);
    await w.idle();
    expect(await deliveriesOf(runId)).toMatchObject([
      {
        recipient: 'ops@example.test',
        state: 'failed',
        attempts: 1,
        lastStatus: null,
        lastDetail: 'e-mail channel is not configured (Settings › Push channels)',
      },
    ]);
  });

  it('send the file as an attachment to each recipient over a real SMTP server', async () => {
    await new ChannelSettingsStore(t.app.storage.db).save('email', {
      enabled: true,
      host: '127.0.0.1',
      port,
      secure: false,
      username: '',
      from: 'reports@example.test',
    });
    const { runId, scheduleId } = await doneRun(['ops@example.test', 'boss@example.test', 'ops@example.test']);
    const w = worker();
    expect(await w.createForRun(runId)).toBe(2);
    // a second announcement of the same run makes nothing new (unique per run and recipient)
    expect(await w.createForRun(runId)).toBe(0);
    await w.idle();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(['boss@example.test', 'ops@example.test']);
    for (const mail of mails) {
      const { text, attachments } = partsOf(mail.raw);
      expect(attachments).toHaveLength(1);
      expect(attachments[0]!.filename).toBe('Daily_energy_2026-10-01_2026-10-01.csv');
      expect(Buffer.compare(attachments[0]!.bytes, FILE)).toBe(0);
      expect(text).toContain('Report: Daily energy');
      expect(text).toContain('Period: 2026-10-01 – 2026-10-01');
      expect(text).toContain('Generated: 2026-10-02 00:05 UTC');
      expect(mail.raw).not.toMatch(/text\/html/i);
    }
    const rows = await deliveriesOf(runId);
    expect(
      rows.map((row: { state: string; attempts: number; lastStatus: number; mode: string; scheduleId: number }) => [
        row.state,
        row.attempts,
        row.lastStatus,
        row.mode,
        row.scheduleId,
      ]),
    ).toEqual([
      ['sent', 1, 250, 'attachment', scheduleId],
      ['sent', 1, 250, 'attachment', scheduleId],
    ]);
    // a download counter counts people, not e-mails
    expect((await call('GET', `/api/report-runs/${runId}`)).data.downloads).toBe(0);
  });

  it('retry after a 451 reply: 1 minute later it is sent on the 2nd attempt', async () => {
    const { runId } = await doneRun(['ops@example.test']);
    const w = worker();
    refuse = 1;
    await w.createForRun(runId);
    await w.idle();
    const [first] = await deliveriesOf(runId);
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 451, sentAt: null });
    expect(first.lastDetail).toContain('Mailbox busy');
    const row = await t.app.storage.db.selectFrom('report_deliveries').select('next_attempt_at').where('run_id', '=', runId).executeTakeFirstOrThrow();
    expect(Number(row.next_attempt_at)).toBe(clock + DELIVERY_RETRY_DELAYS_MS[0]);
    // not before its time
    clock += 59_000;
    expect(await w.runDue()).toBe(0);
    clock += 1_000;
    expect(await w.runDue()).toBe(1);
    expect(await deliveriesOf(runId)).toMatchObject([{ state: 'sent', attempts: 2, lastStatus: 250 }]);
    expect(mails).toHaveLength(1);
  });

  it('give up after the 4th refusal (1, 5 and 30 minutes apart)', async () => {
    const { runId } = await doneRun(['ops@example.test']);
    const w = worker();
    refuse = 10;
    await w.createForRun(runId);
    await w.idle();
    for (const delay of DELIVERY_RETRY_DELAYS_MS) {
      clock += delay;
      expect(await w.runDue()).toBe(1);
    }
    expect(await deliveriesOf(runId)).toMatchObject([{ state: 'failed', attempts: 4, lastStatus: 451 }]);
    clock += 3_600_000;
    expect(await w.runDue()).toBe(0);
  });

  it('send a public link instead of a file larger than ATTACH_MAX_BYTES', async () => {
    const { runId } = await doneRun(['ops@example.test'], ATTACH_MAX_BYTES + 1);
    const w = worker();
    await w.createForRun(runId);
    await w.idle();
    expect(linkCalls).toEqual([{ ownerUserId: owner, runId, days: 7, createdBy: null }]);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!.raw;
    expect(raw).not.toMatch(/multipart\/mixed/i);
    expect(raw).not.toMatch(/Content-Disposition: attachment/i);
    expect(raw.replace(/=\r\n/g, '')).toContain(`http://reports.example.test/report-sheet?token=3Dtok-${runId}`);
    expect(await deliveriesOf(runId)).toMatchObject([{ state: 'sent', mode: 'link', attempts: 1 }]);
  });
});
