import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { ReportSpec } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import type { ReportContext } from '@server/reports/engine/reportContext';
import { ReportLinks, type TableBuilder } from '@server/reports/links/reportLinks';
import { createTestApp } from '../../../tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '../../../tests/support/trees';
import { makeReportObjects, type ReportObjects } from '../../../tests/api/authorization/reportsFixture';

const t = await createTestApp({ seedDemo: false, timeZone: 'Asia/Shanghai' });
const db = t.app.storage.db;
const DAY = 86_400_000;
let trees: TwoTrees;
let a: ReportObjects;
let b: ReportObjects;

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const publicGet = (url: string) => t.app.inject({ method: 'GET', url });

/** A builder that computes nothing and remembers what it was asked, so the tests see the tree and parameters exactly. */
function recorder() {
  const calls: { owners: ReportContext['owners']; spec: ReportSpec; period: { from: string; to: string }; title: string }[] = [];
  const build: TableBuilder = async (context, spec, period, options) => {
    calls.push({ owners: context.owners, spec, period, title: options.title });
    const table: ReportTable = {
      title: options.title,
      subtitle: `${period.from} – ${period.to}`,
      lang: spec.lang,
      timeZone: context.timeZone,
      generatedAt: options.now,
      period: { from: period.from, to: period.to },
      base: null,
      rowHeader: 'Meter',
      columns: [],
      rows: [],
      chart: null,
      notes: [],
    };
    return table;
  };
  return { calls, build };
}

beforeAll(async () => {
  trees = await twoTrees(t.app, ['/report/reportList', '/report/reportList/edit']);
  const now = Date.now();
  a = await makeReportObjects(db, trees.alpha.id, 'ALPHA', now);
  b = await makeReportObjects(db, trees.beta.id, 'BETA', now);
});
afterAll(() => t.close());

describe('report links: create, list, revoke', () => {
  it('creates a run link whose token is shown once and stored only as its sha256', async () => {
    const created = await callAs(t.app, trees.alphaSub.token, 'POST', '/api/report-links', {
      target: 'run',
      runId: a.run,
      label: 'For the auditor',
      expiresInDays: 7,
    });
    expect(created.status).toBe(200);
    const view = created.body.data;
    // PUBLIC_URL is not set: the address is the one the request came in on (inject's Host: localhost:80).
    expect(view.url).toMatch(/^http:\/\/localhost:80\/report-sheet\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(view.url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(view).toMatchObject({
      target: 'run',
      runId: a.run,
      definitionId: null,
      name: 'ALPHA report',
      label: 'For the auditor',
      views: 0,
      state: 'active',
      createdBy: 'alpha_sub',
    });
    expect(view.expiresAt - view.createdAt).toBe(7 * DAY);
    const row = await db.selectFrom('report_links').selectAll().where('id', '=', view.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha(token));
    expect(row.owner_user_id).toBe(trees.alpha.id);
    expect(JSON.stringify(row)).not.toContain(token);

    const listed = await callAs(t.app, trees.alpha.token, 'GET', `/api/report-links?runId=${a.run}`);
    const mine = listed.body.data.find((link: { id: number }) => link.id === view.id);
    expect(mine).toMatchObject({ state: 'active', views: 0, label: 'For the auditor' });
    expect(mine.url).toBeUndefined();
  });

  it('refuses a run that has no file yet, and objects of another tree', async () => {
    await db.updateTable('report_runs').set({ state: 'running' }).where('id', '=', a.run).execute();
    const running = await callAs(t.app, trees.alpha.token, 'POST', '/api/report-links', { target: 'run', runId: a.run });
    await db.updateTable('report_runs').set({ state: 'done' }).where('id', '=', a.run).execute();
    expect([running.status, running.body.code]).toEqual([409, ErrorCode.REPORT_NOT_READY]);

    const acrossRun = await callAs(t.app, trees.beta.token, 'POST', '/api/report-links', { target: 'run', runId: a.run });
    expect([acrossRun.status, acrossRun.body.message]).toEqual([404, `Report ${a.run} was not found`]);
    const acrossDefinition = await callAs(t.app, trees.beta.token, 'POST', '/api/report-links', { target: 'definition', definitionId: a.definition });
    expect(acrossDefinition.status).toBe(404);
    const betaList = await callAs(t.app, trees.beta.token, 'GET', '/api/report-links');
    expect(betaList.body.data.map((link: { id: number }) => link.id)).toEqual([b.link]);
  });

  it('lets only the own tree revoke, and records who and when', async () => {
    const created = await callAs(t.app, trees.alpha.token, 'POST', '/api/report-links', { target: 'run', runId: a.run });
    const { id, url } = created.body.data;
    const across = await callAs(t.app, trees.beta.token, 'POST', `/api/report-links/${id}/revoke`);
    expect(across.status).toBe(404);
    expect((await publicGet(`/api/report-sheets/${tokenOf(url)}`)).statusCode).toBe(200);

    const revoked = await callAs(t.app, trees.alphaSub.token, 'POST', `/api/report-links/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ state: 'revoked', revokedBy: 'alpha_sub', views: 1 });
    expect(Date.now() - revoked.body.data.revokedAt).toBeLessThan(60_000);
    const again = await callAs(t.app, trees.alpha.token, 'POST', `/api/report-links/${id}/revoke`);
    expect(again.body.data).toMatchObject({ revokedBy: 'alpha_sub', revokedAt: revoked.body.data.revokedAt });

    for (const path of ['', '/file']) {
      const answer = await publicGet(`/api/report-sheets/${tokenOf(url)}${path}`);
      expect([answer.statusCode, answer.json().code]).toEqual([410, ErrorCode.REPORT_LINK_REVOKED]);
    }
  });
});

describe('public report sheets', () => {
  it('answers a run link with its name, expiry, table and file and nothing else, counting views', async () => {
    const created = await callAs(t.app, trees.alpha.token, 'POST', '/api/report-links', { target: 'run', runId: a.run });
    const token = tokenOf(created.body.data.url);
    const first = await publicGet(`/api/report-sheets/${token}`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
    expect(Object.keys(body.data).sort()).toEqual(['expiresAt', 'file', 'name', 'table', 'target']);
    expect(body.data).toMatchObject({ target: 'run', name: 'ALPHA report', expiresAt: created.body.data.expiresAt });
    expect(body.data.file).toEqual({ fileName: 'ALPHA-report.csv', format: 'csv', sizeBytes: 12 });
    // The engine rebuilt the run's table from its stored spec and period.
    expect(body.data.table).toMatchObject({ title: 'ALPHA report', lang: 'en', period: { from: '2026-01-01', to: '2026-01-31' } });
    // Nothing of the link itself (owner, creator, label, token hash) and nothing of tree B.
    expect(first.body).not.toMatch(/alpha_top|token_hash|owner|BETA/);
    await publicGet(`/api/report-sheets/${token}`);
    const row = await db.selectFrom('report_links').select(['views', 'last_viewed_at']).where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row.views).toBe(2);
    expect(Date.now() - Number(row.last_viewed_at)).toBeLessThan(60_000);
  });

  it('serves the run file as an attachment and counts the download', async () => {
    const before = await db.selectFrom('report_runs').select('downloads').where('id', '=', a.run).executeTakeFirstOrThrow();
    const file = await publicGet(`/api/report-sheets/${a.linkToken}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('ALPHA,1\n');
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="ALPHA-report.csv"; filename*=UTF-8''ALPHA-report.csv`);
    const after = await db.selectFrom('report_runs').select('downloads').where('id', '=', a.run).executeTakeFirstOrThrow();
    expect(after.downloads).toBe(before.downloads + 1);
  });

  it('answers an unknown token 404 and an expired link 410', async () => {
    const unknown = await publicGet('/api/report-sheets/no-such-token');
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([404, ErrorCode.NOT_FOUND, 'This report link does not exist']);
    expect((await publicGet('/api/report-sheets/no-such-token/file')).statusCode).toBe(404);

    const created = await callAs(t.app, trees.alpha.token, 'POST', '/api/report-links', { target: 'run', runId: a.run });
    await db
      .updateTable('report_links')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', created.body.data.id)
      .execute();
    const expired = await publicGet(`/api/report-sheets/${tokenOf(created.body.data.url)}`);
    expect([expired.statusCode, expired.json().code]).toEqual([410, ErrorCode.REPORT_LINK_EXPIRED]);
    const listed = await callAs(t.app, trees.alpha.token, 'GET', `/api/report-links?runId=${a.run}`);
    expect(listed.body.data.find((link: { id: number }) => link.id === created.body.data.id).state).toBe('expired');
  });

  it("rebuilds a run's table from its stored spec, language and period in the link owner's tree only", async () => {
    await db.updateTable('report_runs').set({ lang: 'zh' }).where('id', '=', a.run).execute();
    const { calls, build } = recorder();
    const links = new ReportLinks({ db, dbKind: t.app.storage.kind, timeZone: 'Asia/Shanghai', publicUrl: 'https://energy.example.com', buildTable: build });
    // Made by an administrator (created_by 1): the table is still computed in tree A, never across trees.
    const { url } = await links.createForRun({ ownerUserId: trees.alpha.id, runId: a.run, days: 3, createdBy: 1 });
    expect(url).toMatch(/^https:\/\/energy\.example\.com\/report-sheet\?token=[A-Za-z0-9_-]{43}$/);
    const sheet = await links.resolve(tokenOf(url));
    await db.updateTable('report_runs').set({ lang: 'en' }).where('id', '=', a.run).execute();
    expect(sheet.table?.title).toBe('ALPHA report');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.period).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(calls[0]!.spec.lang).toBe('zh');
    expect(calls[0]!.spec.columns.map((column) => [column.id, column.kind])).toEqual([['energy', 'metric']]);
    expect([...(calls[0]!.owners as number[])].sort()).toEqual([trees.alpha.id, trees.alphaSub.id].sort());
  });

  it("shows a definition link's live table for its fixed period, resolved on the day it is viewed", async () => {
    const { calls, build } = recorder();
    const links = new ReportLinks({ db, dbKind: t.app.storage.kind, timeZone: 'Asia/Shanghai', publicUrl: 'http://localhost:8080', buildTable: build });
    const scope = { all: false as const, home: trees.beta.id, owners: new Set([trees.beta.id]) };
    const created = await links.create(
      scope,
      { target: 'definition', definitionId: b.definition, period: { preset: 'lastMonth' }, label: '', expiresInDays: 30 },
      { userId: trees.beta.id, origin: 'https://plant.example.org' },
    );
    // PUBLIC_URL left at its default: the console's own address.
    expect(created.url).toMatch(/^https:\/\/plant\.example\.org\/report-sheet\?token=/);
    // 2026-03-10 12:00 in Shanghai: last month is February 2026.
    const sheet = await links.resolve(tokenOf(created.url!), Date.UTC(2026, 2, 10, 4));
    expect(sheet).toMatchObject({ target: 'definition', name: 'BETA report', file: null });
    expect(calls[0]!.period).toEqual({ preset: 'custom', from: '2026-02-01', to: '2026-02-28' });
    expect(calls[0]!.owners).toEqual([trees.beta.id]);
    await expect(links.file(tokenOf(created.url!))).rejects.toThrow('This report link has no file');
  });
});
