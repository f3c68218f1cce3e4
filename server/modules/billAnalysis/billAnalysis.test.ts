import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_PDF_MAX_BYTES } from '@shared/reports/constants';
import { BILL_TEMPLATE_PRESETS, type BillAnalysisDetail, type BillTemplateBody } from '@shared/reports/billSchemas';
import { ErrorCode } from '@shared/errors';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { SettlementCloses } from '../../settlement/settlementCloses';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { writeBillPdf, writeDrawingOnlyPdf, type BillFiguresInput } from '../../reports/bills/billPdf.test-util';
import { billUpload } from '../../reports/bills/billUpload.test-util';

const MENUS = ['/settings/analyzePdf', '/settings/analyzePdf/add', '/settings/analyzePdf/edit', '/settings/analyzePdf/delete'];
/** Shanghai: local midnight is 16:00 UTC the day before; rollup days are Shanghai days. */
const at = (local: string) => Date.parse(`${local}+08:00`);
const preset = (key: string) => BILL_TEMPLATE_PRESETS.find((p) => p.key === key)!;

/** 国网-style bill: bands 112.5 + 400.25 + 399.25 + 300 = 1,212 kWh; amounts 138.88 + 395.29 + 261.23 + 96.30 + demand 1,234.56 = 2,126.26. */
const ZH_BILL: BillFiguresInput = {
  lang: 'zh',
  account: '3300112233',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  demandCharge: 1234.56,
  bands: [
    { band: 'sharp', energy: 112.5, price: 1.2345 },
    { band: 'peak', energy: 400.25, price: 0.9876 },
    { band: 'flat', energy: 399.25, price: 0.6543 },
    { band: 'valley', energy: 300, price: 0.321 },
  ],
};
/** English bill: 520.5 + 429.5 + 300 = 1,250 kWh; 130.13 (520.5 × 0.25 = 130.125, rounded once) + 77.31 + 30.00 + demand 45.00 = 282.44. */
const EN_BILL: BillFiguresInput = {
  lang: 'en',
  account: 'AC-7788',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  demandCharge: 45,
  bands: [
    { band: 'peak', energy: 520.5, price: 0.25 },
    { band: 'flat', energy: 429.5, price: 0.18 },
    { band: 'valley', energy: 300, price: 0.1 },
  ],
};

describe('utility-bill analysis: templates, analyses, checks and the metered comparison', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let a: TreeObjects;
  let b: TreeObjects;
  let zhTemplate = 0;
  let enTemplate = 0;

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false, timeZone: 'Asia/Shanghai' });
    trees = await twoTrees(t.app, MENUS);
    a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
    b = await treeObjects(t.app, trees.beta.id, 'BETA');
    // Tree A's meter: 100 kWh on 30 September, 600 on 1 October, 600 in the last hour of 31 October, 300 on 1 November:
    // October (Shanghai days) = 1,200 kWh.
    const readings = [
      ['2026-09-30T23:00:00', 900],
      ['2026-10-01T00:00:00', 1000],
      ['2026-10-01T01:00:00', 1600],
      ['2026-10-31T23:00:00', 1600],
      ['2026-11-01T00:00:00', 2200],
      ['2026-11-01T01:00:00', 2500],
    ] as const;
    const outcome = await t.app.ingest.submit(
      { readings: readings.map(([time, kwh]) => ({ meter: a.meterCode, ts: at(time), values: { kwh } })) },
      { kind: 'mqtt', gatewaySn: a.gatewaySn },
    );
    expect(outcome).toMatchObject({ accepted: readings.length, rejected: [] });
    const create = async (body: BillTemplateBody) => (await alpha('POST', '/api/bill-templates', body)).body.data.id as number;
    zhTemplate = await create({ name: preset('stateGridZh').name, utility: preset('stateGridZh').utility, rules: preset('stateGridZh').rules });
    enTemplate = await create({ name: preset('englishUtility').name, utility: preset('englishUtility').utility, rules: preset('englishUtility').rules });
  }, 60_000);
  afterAll(async () => t.close());

  const alpha = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.alphaSub.token, method, url, body);
  const beta = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const upload = async (token: string, pdf: Buffer, fields: Record<string, string>, fileName = '电费.pdf') => {
    const { payload, contentType } = billUpload(pdf, fileName, fields);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bill-analyses',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const valuesOf = (analysis: BillAnalysisDetail) => Object.fromEntries(analysis.fields.map((f) => [f.field, f.value ?? f.text]));
  const meterTargets = (extra: object = {}) => JSON.stringify({ scope: 'meter', ids: [a.meter], ...extra });

  it('reads a generated Chinese bill back to exactly the figures it was made from, and compares it within tolerance', async () => {
    const answer = await upload(trees.alphaSub.token, await writeBillPdf(ZH_BILL), { templateId: String(zhTemplate), targets: meterTargets() });
    expect(answer.status).toBe(200);
    const analysis = answer.body.data as BillAnalysisDetail;
    expect(valuesOf(analysis)).toEqual({
      account: '3300112233',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      sharpEnergy: 112.5,
      sharpPrice: 1.2345,
      sharpAmount: 138.88,
      peakEnergy: 400.25,
      peakPrice: 0.9876,
      peakAmount: 395.29,
      flatEnergy: 399.25,
      flatPrice: 0.6543,
      flatAmount: 261.23,
      valleyEnergy: 300,
      valleyPrice: 0.321,
      valleyAmount: 96.3,
      totalEnergy: 1212,
      demandCharge: 1234.56,
      totalAmount: 2126.26,
    });
    // line numbers point into the stored text lines
    const total = analysis.fields.find((f) => f.field === 'totalAmount')!;
    expect(analysis.lines[total.line! - 1]).toBe('合计：¥2,126.26 元');
    expect(analysis.checks.map((c) => [c.rule, c.ok, c.expected, c.actual])).toEqual([
      ['sharpAmount', true, 138.88, 138.88],
      ['peakAmount', true, 395.29, 395.29],
      ['flatAmount', true, 261.23, 261.23],
      ['valleyAmount', true, 96.3, 96.3],
      ['totalAmount', true, 2126.26, 2126.26],
      ['totalEnergy', true, 1212, 1212],
    ]);
    // metered 1,200 kWh against billed 1,212: (1200 − 1212) / 1212 = −0.990…%, within the default 2 %
    expect(analysis.comparison).toMatchObject({
      scope: 'meter',
      ids: [a.meter],
      period: { from: '2026-10-01', to: '2026-10-31' },
      billed: 1212,
      metered: 1200,
      tolerancePercent: 2,
      ok: true,
    });
    expect(analysis.comparison!.differencePercent).toBeCloseTo(-0.990099, 5);
    expect(analysis.state).toBe('ok');
    expect(analysis.templateName).toBe('国网电费通知单');
    expect(analysis.fileName).toBe('电费.pdf');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/bill-analyses/${analysis.id}/pdf`,
      headers: { authorization: `Bearer ${trees.alphaSub.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('电费.pdf')}`);
  });

  it('reads an English bill; 1,250 kWh billed against 1,200 metered (−4 %) is flagged beyond the tolerance, and re-applied without targets it is ok', async () => {
    const answer = await upload(trees.alphaSub.token, await writeBillPdf(EN_BILL), { templateId: String(enTemplate), targets: meterTargets() }, 'bill.pdf');
    const analysis = answer.body.data as BillAnalysisDetail;
    expect(valuesOf(analysis)).toEqual({
      account: 'AC-7788',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      peakEnergy: 520.5,
      peakPrice: 0.25,
      peakAmount: 130.13,
      flatEnergy: 429.5,
      flatPrice: 0.18,
      flatAmount: 77.31,
      valleyEnergy: 300,
      valleyPrice: 0.1,
      valleyAmount: 30,
      totalEnergy: 1250,
      demandCharge: 45,
      totalAmount: 282.44,
    });
    expect(analysis.checks.every((c) => c.ok)).toBe(true);
    expect(analysis.comparison).toMatchObject({ billed: 1250, metered: 1200, ok: false });
    expect(analysis.comparison!.differencePercent).toBeCloseTo(-4, 9);
    expect(analysis.state).toBe('flagged');

    // a wider tolerance on re-apply: 4 % is within 5 %
    const wider = await alpha('PUT', `/api/bill-analyses/${analysis.id}`, { targets: { scope: 'meter', ids: [a.meter], tolerancePercent: 5 } });
    expect(wider.body.data).toMatchObject({ state: 'ok', comparison: { tolerancePercent: 5, ok: true } });
    const none = await alpha('PUT', `/api/bill-analyses/${analysis.id}`, { targets: null });
    expect(none.body.data).toMatchObject({ state: 'ok', comparison: null });
  });

  it('flags a bill whose total is wrong: which check, expected against actual', async () => {
    const answer = await upload(trees.alphaSub.token, await writeBillPdf({ ...ZH_BILL, totalAmount: 2136.26 }), { templateId: String(zhTemplate) });
    const analysis = answer.body.data as BillAnalysisDetail;
    expect(analysis.state).toBe('flagged');
    const failed = analysis.checks.filter((c) => !c.ok);
    expect(failed).toEqual([
      {
        rule: 'totalAmount',
        ok: false,
        expected: 2126.26,
        actual: 2136.26,
        detail: 'Band amounts 891.70 + demand charge 1234.56 = 2126.26; the bill says 2136.26',
      },
    ]);
    expect(analysis.comparison).toBeNull();
  });

  it('is incomplete while a label is wrong, and ok once the adjusted rules are re-applied', async () => {
    const rules = preset('englishUtility').rules;
    const wrong = { ...rules, fields: rules.fields.map((f) => (f.field === 'account' ? { ...f, label: 'Customer ref' } : f)) };
    const template = (await alpha('POST', '/api/bill-templates', { name: 'Wrong label', rules: wrong })).body.data.id as number;
    const analysis = (await upload(trees.alphaSub.token, await writeBillPdf(EN_BILL), { templateId: String(template) })).body.data as BillAnalysisDetail;
    expect(analysis.state).toBe('incomplete');
    expect(analysis.fields.some((f) => f.field === 'account')).toBe(false);
    const again = await alpha('PUT', `/api/bill-analyses/${analysis.id}`, { rules });
    expect(again.body.data).toMatchObject({ state: 'ok', rules });
    expect(valuesOf(again.body.data).account).toBe('AC-7788');
  });

  it('keeps a PDF without text as noText; garbage is PDF_UNREADABLE and nothing is stored; more than the limit is 413', async () => {
    const drawing = await writeDrawingOnlyPdf();
    const scanned = (await upload(trees.alphaSub.token, drawing, { templateId: String(zhTemplate) }, 'scan.pdf')).body.data as BillAnalysisDetail;
    expect(scanned).toMatchObject({ state: 'noText', fields: [], checks: [], lines: [] });
    const kept = await alpha('GET', `/api/bill-analyses/${scanned.id}`);
    expect(kept.body.data).toMatchObject({ id: scanned.id, state: 'noText', fileName: 'scan.pdf', sizeBytes: drawing.length });

    const count = async () =>
      Number(
        (
          await t.app.storage.db
            .selectFrom('bill_analyses')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const garbage = await upload(trees.alphaSub.token, Buffer.from('this is not a PDF at all'), { templateId: String(zhTemplate) });
    expect([garbage.status, garbage.body.code]).toEqual([422, ErrorCode.PDF_UNREADABLE]);
    const tooLarge = await upload(trees.alphaSub.token, Buffer.alloc(BILL_PDF_MAX_BYTES + 1, 0x20), { templateId: String(zhTemplate) });
    expect([tooLarge.status, tooLarge.body.code]).toEqual([413, ErrorCode.BODY_TOO_LARGE]);
    expect(await count()).toBe(before);
  });

  it('lists newest first with state, period, total and difference, filtered by state', async () => {
    const list = await alpha('GET', '/api/bill-analyses?page=1&size=50');
    expect(list.body.data.total).toBe(5);
    const states = list.body.data.rows.map((row: { state: string }) => row.state);
    expect(states).toEqual(['noText', 'ok', 'flagged', 'ok', 'ok']);
    expect(list.body.data.rows[4]).toMatchObject({ utility: '国家电网', period: { from: '2026-10-01', to: '2026-10-31' }, totalAmount: 2126.26 });
    const flagged = await alpha('GET', '/api/bill-analyses?state=flagged');
    expect(flagged.body.data.total).toBe(1);
  });

  it("keeps every tree to its own: another tree neither sees nor uses tree A's analyses, templates or meters", async () => {
    const mine = (await alpha('GET', '/api/bill-analyses')).body.data.rows[0].id as number;
    expect((await beta('GET', '/api/bill-analyses')).body.data).toEqual({ total: 0, rows: [] });
    expect((await beta('GET', '/api/bill-templates')).body.data).toEqual([]);
    expect((await beta('GET', `/api/bill-analyses/${mine}`)).status).toBe(404);
    expect((await beta('PUT', `/api/bill-analyses/${mine}`, { targets: null })).status).toBe(404);
    expect((await beta('DELETE', `/api/bill-templates/${zhTemplate}`)).status).toBe(404);
    const pdf = await writeBillPdf(ZH_BILL);
    const foreignTemplate = await upload(trees.beta.token, pdf, { templateId: String(zhTemplate) });
    expect([foreignTemplate.status, foreignTemplate.body.message]).toEqual([400, `templateId: No template with id ${zhTemplate}`]);
    const own = (await beta('POST', '/api/bill-templates', { name: 'B', rules: preset('stateGridZh').rules })).body.data.id as number;
    const foreignMeter = await upload(trees.beta.token, pdf, { templateId: String(own), targets: meterTargets() });
    expect([foreignMeter.status, foreignMeter.body.message]).toEqual([400, `targets.ids.0: No meter with id ${a.meter}`]);
    // its own meter has no October energy: 0 against 1,212 billed is −100 %
    const ownMeter = await upload(trees.beta.token, pdf, { templateId: String(own), targets: JSON.stringify({ scope: 'meter', ids: [b.meter] }) });
    expect(ownMeter.body.data).toMatchObject({ state: 'flagged', comparison: { metered: 0, differencePercent: -100, ok: false } });
    expect((await alpha('DELETE', `/api/bill-analyses/${mine}`)).status).toBe(200);
    expect((await alpha('GET', `/api/bill-analyses/${mine}`)).status).toBe(404);
  });

  it('compares with a department, and a month closed in settlement with its frozen figure, not energy that came after the close', async () => {
    // A second meter of tree A (not the department's main meter): 100 kWh on 5–6 October.
    const db = t.app.storage.db;
    const second = await db
      .insertInto('meters')
      .values({
        code: 'ALPHA-M2',
        name: 'ALPHA feeder',
        gateway_id: a.gateway,
        department_id: a.department,
        subitem_id: null,
        energy_type: 'electricity',
        unit: 'kWh',
        ct_ratio: 1,
        pt_ratio: 1,
        register_max: 99_999_999,
        rated_power_kw: 1000,
        is_main: 0,
        created_at: Date.now(),
        owner_user_id: trees.alpha.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.ingest.directory.invalidate();
    const ingest = async (readings: [string, number][]) =>
      expect(
        await t.app.ingest.submit(
          { readings: readings.map(([time, kwh]) => ({ meter: 'ALPHA-M2', ts: at(time), values: { kwh } })) },
          { kind: 'mqtt', gatewaySn: a.gatewaySn },
        ),
      ).toMatchObject({ accepted: readings.length, rejected: [] });
    await ingest([
      ['2026-10-05T10:00:00', 0],
      ['2026-10-06T10:00:00', 100],
    ]);
    const pdf = await writeBillPdf(EN_BILL);
    const compare = async (targets: object) =>
      (await upload(trees.alphaSub.token, pdf, { templateId: String(enTemplate), targets: JSON.stringify(targets) })).body.data as BillAnalysisDetail;

    // The department is its main meter: 1,200 kWh against 1,250 billed is −4 %, within a tolerance of 5 %.
    expect((await compare({ scope: 'department', ids: [a.department], tolerancePercent: 5 })).comparison).toMatchObject({
      scope: 'department',
      ids: [a.department],
      billed: 1250,
      metered: 1200,
      differencePercent: -4,
      tolerancePercent: 5,
      ok: true,
    });
    expect((await compare({ scope: 'meter', ids: [second.id] })).comparison).toMatchObject({ metered: 100 });

    // October closed with 100 kWh on the second meter; 50 kWh more of 6–7 October arrive afterwards.
    await new SettlementCloses(db, 'Asia/Shanghai').close(await ownerScopeOfUser(db, trees.alpha.id), trees.alpha.id, '2026-10');
    await ingest([['2026-10-07T10:00:00', 150]]);
    const live = await db
      .selectFrom('energy_rollups')
      .select('energy')
      .where('scope', '=', 'meter')
      .where('scope_id', '=', second.id)
      .where('grain', '=', 'month')
      .where('period', '=', '2026-10')
      .executeTakeFirstOrThrow();
    expect(Number(live.energy)).toBe(150);
    // The bill of October is compared with what was settled: the snapshot's 100 (and 1,200 + 100 for both meters).
    expect((await compare({ scope: 'meter', ids: [second.id] })).comparison).toMatchObject({ metered: 100 });
    expect((await compare({ scope: 'meter', ids: [a.meter, second.id], tolerancePercent: 5 })).comparison).toMatchObject({
      billed: 1250,
      metered: 1300,
      differencePercent: 4,
      ok: true,
    });
    // A period that is not exactly the closed month reads the live rollups: 1–7 October holds all 150.
    expect((await compare({ scope: 'meter', ids: [second.id], from: '2026-10-01', to: '2026-10-07' })).comparison).toMatchObject({
      period: { from: '2026-10-01', to: '2026-10-07' },
      metered: 150,
    });
  });
});
