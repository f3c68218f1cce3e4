import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/appError';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { departmentSplitTable } from '../render/sampleTables.test-util';
import { renderCsv } from '../render/csv';
import { purgeOldRuns } from './reportRetention';
import type { TableBuilder } from './reportRunner';
import { adminId, fixedTable, insertDefinition, testRunner, waitFor } from './reportRunsKit.test-util';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let token: string;
let owner: number;
let definition: number;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return { status: response.statusCode, body: isJson ? response.json() : null, raw: response };
};
const queue = async (extra: Record<string, unknown> = {}) => {
  const { body } = await call('POST', '/api/report-runs', {
    definitionId: definition,
    format: 'csv',
    period: { preset: 'custom', from: '2026-10-01', to: '2026-10-02' },
    ...extra,
  });
  expect(body.code, body.message).toBe(0);
  return body.data.id as number;
};
const runOf = async (id: number) => (await call('GET', `/api/report-runs/${id}`)).body.data;
const clearRuns = async () => {
  await t.app.storage.db.deleteFrom('report_files').execute();
  await t.app.storage.db.deleteFrom('report_runs').execute();
};

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  // The app's own runner would race the test's runners: these tests drive runners by hand.
  await t.app.reports.runner.stop();
  token = await loginAs(t.app);
  owner = await adminId(t.app);
  definition = await insertDefinition(t.app, 'Daily energy (north)', owner);
});
afterAll(async () => t.close());

describe('a run from queue to file', () => {
  it('is queued, then running, then done with its CSV served and downloads counted', async () => {
    const table = departmentSplitTable();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build: TableBuilder = async (_context, spec, period, options) => {
      expect(period).toEqual({ from: '2026-10-01', to: '2026-10-02' });
      expect(spec.lang).toBe('zh');
      expect(options.title).toBe('Daily energy (north)');
      await gate;
      return table;
    };
    const id = await queue({ lang: 'zh' });
    const queued = await runOf(id);
    expect(queued).toMatchObject({
      state: 'queued',
      progress: 0,
      format: 'csv',
      lang: 'zh',
      period: { from: '2026-10-01', to: '2026-10-02' },
      requestedBy: 'Administrator',
    });
    // expiresAt: created + 90 days (the default retention)
    expect(queued.expiresAt - queued.createdAt).toBe(90 * 86_400_000);

    const runner = testRunner(t.app, build, { processId: 'runner-a' });
    const working = runner.runNext();
    await waitFor(async () => (await runOf(id)).state === 'running');
    expect((await runOf(id)).startedAt).not.toBeNull();
    release();
    expect(await working).toBe(true);

    const done = await runOf(id);
    const expected = renderCsv(table);
    expect(done).toMatchObject({
      state: 'done',
      progress: 1,
      error: null,
      fileName: 'Daily_energy_north_2026-10-01_2026-10-02.csv',
      sizeBytes: expected.length,
      downloads: 0,
    });
    const first = await call('GET', `/api/report-runs/${id}/file`);
    expect(first.status).toBe(200);
    expect(first.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.raw.headers['content-disposition']).toContain('filename="Daily_energy_north_2026-10-01_2026-10-02.csv"');
    expect(Buffer.compare(first.raw.rawPayload, expected)).toBe(0);
    await call('GET', `/api/report-runs/${id}/file`);
    expect((await runOf(id)).downloads).toBe(2);

    const list = (await call('GET', `/api/report-runs?definitionId=${definition}&state=done`)).body.data;
    expect(list.total).toBe(1);
    expect(list.rows[0].id).toBe(id);
    expect(await runner.runNext()).toBe(false);
  });

  it('answers REPORT_NOT_READY for the file of a run not done, and deletes a run with its file', async () => {
    await clearRuns();
    const id = await queue();
    const early = await call('GET', `/api/report-runs/${id}/file`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe(40905);
    await testRunner(t.app, fixedTable(departmentSplitTable()), { processId: 'runner-a' }).runNext();
    expect((await call('DELETE', `/api/report-runs/${id}`)).body.code).toBe(0);
    expect((await call('GET', `/api/report-runs/${id}`)).status).toBe(404);
    expect(await t.app.storage.db.selectFrom('report_files').select('run_id').where('run_id', '=', id).execute()).toEqual([]);
  });
});

describe('cancel', () => {
  it('cancels a queued run at once: no runner takes it', async () => {
    await clearRuns();
    const id = await queue();
    const answer = await call('POST', `/api/report-runs/${id}/cancel`);
    expect(answer.body.data).toMatchObject({ state: 'cancelled' });
    expect(await testRunner(t.app, fixedTable(departmentSplitTable()), { processId: 'runner-a' }).runNext()).toBe(false);
    expect((await runOf(id)).state).toBe('cancelled');
  });

  it('stops a running run through its AbortSignal and marks it cancelled, with no file', async () => {
    await clearRuns();
    const id = await queue();
    let sawAbort = false;
    const build: TableBuilder = (_c, _s, _p, options) =>
      new Promise((_resolve, reject) => {
        options.signal.addEventListener('abort', () => {
          sawAbort = true;
          reject(options.signal.reason as Error);
        });
      });
    const working = testRunner(t.app, build, { processId: 'runner-a' }).runNext();
    await waitFor(async () => (await runOf(id)).state === 'running');
    const answer = await call('POST', `/api/report-runs/${id}/cancel`);
    expect(answer.body.data.state).toBe('running');
    await working;
    expect(sawAbort).toBe(true);
    const run = await runOf(id);
    expect(run).toMatchObject({ state: 'cancelled', sizeBytes: 0, error: null });
    expect(run.finishedAt).not.toBeNull();
    expect((await call('GET', `/api/report-runs/${id}/file`)).status).toBe(409);
  });
});

describe('a failed run', () => {
  it('keeps the error it failed with', async () => {
    await clearRuns();
    const id = await queue();
    await testRunner(
      t.app,
      async () => {
        throw new AppError('REPORT_TOO_LARGE');
      },
      { processId: 'runner-a' },
    ).runNext();
    const run = await runOf(id);
    expect(run.state).toBe('failed');
    expect(run.error).toBe(new AppError('REPORT_TOO_LARGE').message);
  });
});

describe('several runners on one database', () => {
  it('never take the same run: six runs, two runners, six builds', async () => {
    await clearRuns();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await queue());
    const built: number[] = [];
    const slowBuild =
      (name: string): TableBuilder =>
      async (_c, _s, _p, options) => {
        built.push(options.now);
        await new Promise((resolve) => setTimeout(resolve, 15));
        return { ...departmentSplitTable(), title: name };
      };
    const a = testRunner(t.app, slowBuild('a'), { processId: 'runner-a' });
    const b = testRunner(t.app, slowBuild('b'), { processId: 'runner-b' });
    const drain = async (runner: typeof a) => {
      while (await runner.runNext()) {
        // until the queue is empty
      }
    };
    await Promise.all([drain(a), drain(b)]);
    expect(built).toHaveLength(6);
    const rows = await t.app.storage.db.selectFrom('report_runs').select(['id', 'state', 'claimed_by']).where('id', 'in', ids).execute();
    expect(rows.map((row) => row.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect(new Set(rows.map((row) => row.claimed_by))).toEqual(new Set(['runner-a', 'runner-b']));
    expect(await t.app.storage.db.selectFrom('report_files').select('run_id').where('run_id', 'in', ids).execute()).toHaveLength(6);
  });

  it('takes back a running run whose heartbeat is older than 20 s and finishes it', async () => {
    await clearRuns();
    const id = await queue();
    const now = Date.now();
    await t.app.storage.db
      .updateTable('report_runs')
      .set({ state: 'running', claimed_by: 'dead-process', heartbeat_at: now - 20_001, progress: 0.4 })
      .where('id', '=', id)
      .execute();
    const fresh = await queue();
    await t.app.storage.db
      .updateTable('report_runs')
      .set({ state: 'running', claimed_by: 'live-process', heartbeat_at: now - 19_000 })
      .where('id', '=', fresh)
      .execute();

    const runner = testRunner(t.app, fixedTable(departmentSplitTable()), { processId: 'runner-c', now: () => now });
    expect(await runner.reclaimStale()).toBe(1);
    expect(await runner.runNext()).toBe(true);
    const row = await t.app.storage.db.selectFrom('report_runs').select(['state', 'claimed_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', claimed_by: 'runner-c' });
    // a heartbeat 19 s old is someone at work: left alone
    expect((await runOf(fresh)).state).toBe('running');
    expect(await runner.runNext()).toBe(false);
  });
});

describe('retention', () => {
  it('deletes finished runs older than the setting, once per local day across processes', async () => {
    await clearRuns();
    const now = Date.parse('2026-10-15T04:00:00Z');
    const day = 86_400_000;
    const old = await queue();
    const recent = await queue();
    const oldQueued = await queue();
    await testRunner(t.app, fixedTable(departmentSplitTable()), { processId: 'runner-a' }).runNext();
    await testRunner(t.app, fixedTable(departmentSplitTable()), { processId: 'runner-a' }).runNext();
    const db = t.app.storage.db;
    await db
      .updateTable('report_runs')
      .set({ created_at: now - 91 * day })
      .where('id', '=', old)
      .execute();
    await db
      .updateTable('report_runs')
      .set({ created_at: now - 89 * day })
      .where('id', '=', recent)
      .execute();
    await db
      .updateTable('report_runs')
      .set({ created_at: now - 200 * day })
      .where('id', '=', oldQueued)
      .execute();

    expect(await t.app.reports.retention.runIfDue(now)).toBe(1);
    // the same local day again (another process): nothing
    expect(await t.app.reports.retention.runIfDue(now + 3_600_000)).toBeNull();
    const left = (await db.selectFrom('report_runs').select('id').orderBy('id').execute()).map((row) => Number(row.id));
    expect(left).toEqual([recent, oldQueued]);
    expect((await db.selectFrom('report_files').select('run_id').execute()).map((row) => Number(row.run_id))).toEqual([recent]);

    // 30 days, set by an administrator: the 89-day-old run goes too
    expect((await call('PUT', '/api/report-settings', { retentionDays: 30 })).body.data).toEqual({ retentionDays: 30 });
    expect((await call('GET', '/api/report-settings')).body.data).toEqual({ retentionDays: 30 });
    expect(await purgeOldRuns(db, 30, now)).toBe(1);
    expect((await runOf(oldQueued)).expiresAt).toBe(now - 200 * day + 30 * day);
  });
});
