import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RULES } from '@shared/reports/spec';
import { REPORT_TEMPLATE_KEYS } from '@shared/reports/constants';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';

const MENUS = ['/report/reportConfig', '/report/reportConfig/add', '/report/reportConfig/edit', '/report/reportConfig/delete'];

let t: TestApp;
let admin: string;
let beta: TreeUser;
let meterId = 0;
const energyColumn = { id: 'energy', kind: 'metric', metric: 'energy' } as const;
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, token, method, url, body);

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai' });
  admin = await loginAs(t.app);
  beta = await treeUser(t.app, 'beta_definitions', MENUS);
  meterId = (await t.app.storage.db.selectFrom('meters').select('id').where('code', '=', 'M011').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => t.close());

const body = (name: string, columns: unknown[] = [energyColumn], extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Monthly energy of the press',
  spec: { objects: { kind: 'meter', ids: [meterId] }, columns, period: { preset: 'custom', from: '2026-10-01', to: '2026-10-31' }, ...extra },
});

describe('/api/report-definitions', () => {
  let id = 0;

  it('creates, lists with a keyword, reads, updates and deletes a definition of the caller’s tree', async () => {
    const created = await as(admin, 'POST', '/api/report-definitions', body('Press energy'));
    expect(created.status).toBe(200);
    id = created.body.data.id;
    expect(created.body.data).toMatchObject({ name: 'Press energy', createdBy: 'admin', schedules: 0, template: null });
    expect(created.body.data.spec).toMatchObject({ layout: 'objectRows', grain: 'day', unitScale: 1, lang: 'en', totals: true });
    await as(admin, 'POST', '/api/report-definitions', body('Chiller cost'));

    // The keyword matches name or description, in any case: both descriptions name the press, one name the chiller.
    const found = await as(admin, 'GET', '/api/report-definitions?keyword=CHILLER&page=1&size=10');
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.rows.map((row: { name: string }) => row.name)).toEqual(['Chiller cost']);
    expect((await as(admin, 'GET', '/api/report-definitions?keyword=press')).body.data.total).toBe(2);
    expect((await as(admin, 'GET', '/api/report-definitions')).body.data.total).toBe(2);

    const updated = await as(admin, 'PUT', `/api/report-definitions/${id}`, { ...body('Press energy (MWh)'), spec: { ...body('x').spec, unitScale: 1000 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Press energy (MWh)', spec: { unitScale: 1000 } });
    expect((await as(admin, 'GET', `/api/report-definitions/${id}`)).body.data.name).toBe('Press energy (MWh)');
  });

  it('answers the definition rules with their English texts at their field paths', async () => {
    const cases: [unknown[], Record<string, unknown>, string, string][] = [
      [[energyColumn, { id: 'price', kind: 'formula', op: 'ratio', a: 'cost', b: 'energy' }], {}, 'body.spec.columns.1.a', REPORT_RULES.formulaUnknown],
      [[{ id: 'band', kind: 'metric', metric: 'bandEnergy' }], {}, 'body.spec.columns.0.band', REPORT_RULES.needsBand],
      [[energyColumn, { ...energyColumn }], {}, 'body.spec.columns.1.id', REPORT_RULES.columnIdTaken],
      [[energyColumn], { chart: { type: 'bar', column: 'cost' } }, 'body.spec.chart.column', REPORT_RULES.chartColumn],
      [[{ id: 'vs', kind: 'metric', metric: 'energy', compare: { mode: 'base', show: 'percent' } }], {}, 'body.spec.columns.0.compare', REPORT_RULES.needsBase],
      [[], {}, 'body.spec.columns', REPORT_RULES.atLeastOneColumn],
    ];
    for (const [columns, extra, field, message] of cases) {
      const answer = await as(admin, 'POST', '/api/report-definitions', body('Bad', columns, extra));
      expect(answer.status, field).toBe(400);
      expect(answer.body.code).toBe(40000);
      expect(answer.body.data.issues, field).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it("answers another tree's definition as one that does not exist (read, table, update, delete)", async () => {
    const message = `Report definition ${id} was not found`;
    for (const [method, url, payload] of [
      ['GET', `/api/report-definitions/${id}`, undefined],
      ['GET', `/api/report-definitions/${id}/table`, undefined],
      ['PUT', `/api/report-definitions/${id}`, body('Taken over')],
      ['DELETE', `/api/report-definitions/${id}`, undefined],
    ] as const) {
      const answer = await as(beta.token, method, url, payload);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.message).toBe(message);
    }
    expect((await as(beta.token, 'GET', '/api/report-definitions')).body.data).toEqual({ total: 0, rows: [] });
    // Naming tree A's meter in tree B's definition or preview: that meter does not exist for tree B.
    for (const [url, payload] of [
      ['/api/report-definitions', body('Borrowed meter')],
      ['/api/report-preview', { spec: body('x').spec }],
    ] as const) {
      const answer = await as(beta.token, 'POST', url, payload);
      expect(answer.status, url).toBe(400);
      expect(answer.body.message).toBe(`body.spec.objects.ids: ${meterId} does not exist`);
    }
    expect((await as(admin, 'GET', `/api/report-definitions/${id}`)).body.data.name).toBe('Press energy (MWh)');
  });

  it("shows a definition's table for its own period or a preset, in another language", async () => {
    const own = await as(admin, 'GET', `/api/report-definitions/${id}/table`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ title: 'Press energy (MWh)', period: { from: '2026-10-01', to: '2026-10-31' }, rowHeader: 'Meter' });
    expect(own.body.data.columns[0]).toMatchObject({ key: 'energy', unit: 'MWh' });
    expect(own.body.data.rows.map((row: { label: string }) => row.label)).toEqual(['Line 1 press', 'Total']);

    const zh = await as(admin, 'GET', `/api/report-definitions/${id}/table?preset=custom&from=2026-11-01&to=2026-11-02&lang=zh`);
    expect(zh.body.data).toMatchObject({ period: { from: '2026-11-01', to: '2026-11-02' }, rowHeader: '仪表', lang: 'zh' });
    expect(zh.body.data.rows.at(-1).label).toBe('合计');

    const missingDays = await as(admin, 'GET', `/api/report-definitions/${id}/table?preset=custom&from=2026-11-01`);
    expect(missingDays.status).toBe(400);
    expect(missingDays.body.message).toContain(REPORT_RULES.customNeedsRange);
  });

  it('previews a spec without storing it and refuses one too large', async () => {
    const preview = await as(admin, 'POST', '/api/report-preview', {
      spec: { objects: { kind: 'meter', ids: [meterId] }, splitByPeriod: true, grain: 'day', columns: [energyColumn] },
      period: { preset: 'custom', from: '2026-10-30', to: '2026-10-31' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.columns.map((c: { key: string }) => c.key)).toEqual(['energy@2026-10-30', 'energy@2026-10-31']);
    expect(preview.body.data.notes).toEqual(['No data for this period']);

    const tooLarge = await as(admin, 'POST', '/api/report-preview', {
      spec: { objects: { kind: 'meter', ids: [meterId] }, splitByPeriod: true, grain: 'hour', columns: [energyColumn] },
      period: { preset: 'custom', from: '2026-10-01', to: '2026-11-15' },
    });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.code).toBe(42201);
  });

  it('lists the shipped templates, each a valid spec', async () => {
    const answer = await as(admin, 'GET', '/api/report-templates');
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((template: { key: string }) => template.key)).toEqual([...REPORT_TEMPLATE_KEYS]);
    for (const template of answer.body.data) expect(template.spec.columns.length).toBeGreaterThan(0);
  });

  it('deletes a definition', async () => {
    expect((await as(admin, 'DELETE', `/api/report-definitions/${id}`)).status).toBe(200);
    expect((await as(admin, 'GET', `/api/report-definitions/${id}`)).status).toBe(404);
  });
});
