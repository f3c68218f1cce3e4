import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { IMPORT_MAX_BYTES } from '@shared/powerImports/constants';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { multipartFile } from '@tests/support/multipart';
import { treeUser, type TreeUser } from '@tests/support/trees';

// Shanghai is UTC+8 all year: local midnight of day D is 16:00 UTC of D−1.
const sh = (day: string, time = '00:00') => Date.parse(`${day}T${time}:00+08:00`);

let t: TestApp;
let app: FastifyInstance;
let token: string;
let beta: TreeUser;
const ids: Record<string, number> = {};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = token) {
  const response = await app.inject({ method, url, headers: bearer(as), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() as { code: number; data: any; message: string } };
}

async function upload(base: string, content: Buffer | string, name: string, as = token) {
  const file = multipartFile(content, name);
  const response = await app.inject({
    method: 'POST',
    url: `${base}/uploads`,
    headers: { ...bearer(as), 'content-type': file.contentType },
    payload: file.payload,
  });
  return { status: response.statusCode, body: response.json() as { code: number; data: any; message: string } };
}

/** Starts an import and lets the worker (stopped for these tests) do it. */
async function runImport(base: string, uploadId: number, mapping: unknown) {
  const started = await call('POST', `${base}/batches`, { uploadId, mapping });
  expect(started.status, started.body.message).toBe(200);
  expect(started.body.data.progress.state).toBe('queued');
  expect(await app.powerImports.worker.runNext()).toBe(true);
  return (await call('GET', `${base}/batches/${started.body.data.id}`)).body.data;
}

const SH_MAPPING = {
  headerRow: 1,
  object: { kind: 'column', column: 0, objectKind: 'meter' },
  periodStart: 1,
  periodEnd: { kind: 'column', column: 2 },
  value: 3,
  timeZone: 'Asia/Shanghai',
  dateFormat: 'YYYY-MM-DD HH:mm',
  unit: 'kWh',
};

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai' });
  app = t.app;
  // Imports are worked off by hand (runNext), and the comparison sweep would stamp compared_at meanwhile.
  await app.powerImports.stop();
  await app.powerComparison.stop();
  token = await loginAs(app);
  for (const code of ['M001', 'M040'])
    ids[code] = (await app.storage.db.selectFrom('meters').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  for (const code of ['UTILITIES', 'WAREHOUSE'])
    ids[code] = (await app.storage.db.selectFrom('departments').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  beta = await treeUser(app, 'beta_importer', [
    '/power-comparison/power-data-import',
    '/power-comparison/power-data-import/add',
    '/power-comparison/power-data-import/delete',
  ]);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('power import of a CSV with bad rows', () => {
  const csv = [
    'meter,start,end,value',
    'M001,2026-03-01 00:00,2026-03-02 00:00,100.5', // 2 kept
    'M999,2026-03-01 00:00,2026-03-02 00:00,10', // 3 unknown meter
    'M001,2026-03-02 00:00,2026-03-03 00:00,abc', // 4 bad number
    'M001,2026-03-03 00:00,2026-03-04 00:00,-5', // 5 negative
    'M001,2026-02-30 00:00,2026-03-01 00:00,5', // 6 no such day
    'M001,2026-03-05 00:00,2026-03-04 00:00,5', // 7 end before start
    'M001,2026-03-01 12:00,2026-03-01 18:00,7', // 8 inside line 2's day
    'M040,2026-03-01 00:00,2026-03-02 00:00,', // 9 empty value
    'M040,2026-03-01 00:00,2026-03-02 00:00,"1,234.5"', // 10 kept: 1 234.5
  ].join('\n');
  let uploadId: number;
  let first: any;

  it('inspects the upload: columns and first rows', async () => {
    const { status, body } = await upload('/api/power-imports', csv, 'utility.csv');
    expect(status, body.message).toBe(200);
    uploadId = body.data.uploadId;
    expect(body.data.sheets[0].columns.map((c: any) => c.name)).toEqual(['meter', 'start', 'end', 'value']);
    expect(body.data.sheets[0].rowCount).toBe(9);
    expect(body.data.sheets[0].rows[1]).toEqual(['M001', '2026-03-01 00:00', '2026-03-02 00:00', '100.5']);
    expect(body.data.suggestedDateFormat).toBe('YYYY-MM-DD HH:mm');
  });

  it('previews every reason with its line, the rest normalised', async () => {
    const { status, body } = await call('POST', '/api/power-imports/preview', { uploadId, mapping: SH_MAPPING });
    expect(status, body.message).toBe(200);
    expect(body.data).toMatchObject({ totalRows: 9, goodRows: 2, badRows: 7, totalKwh: 1335 }); // 100.5 + 1 234.5
    expect(body.data.errors.map((e: any) => [e.line, e.reason])).toEqual([
      [3, 'unknownObject'],
      [4, 'badNumber'],
      [5, 'negative'],
      [6, 'badDate'],
      [7, 'endBeforeStart'],
      [8, 'duplicateInFile'],
      [9, 'missingValue'],
    ]);
    expect(body.data.errors.find((e: any) => e.line === 8).otherLine).toBe(2);
    expect(body.data.sample[0]).toMatchObject({ line: 2, code: 'M001', periodStart: sh('2026-03-01'), periodEnd: sh('2026-03-02'), kwh: 100.5 });
    // nothing is stored by a preview
    expect(await app.storage.db.selectFrom('imported_power').select('id').execute()).toEqual([]);
  });

  it('imports the good rows as a job and lists the bad ones', async () => {
    first = await runImport('/api/power-imports', uploadId, SH_MAPPING);
    expect(first.progress).toEqual({ state: 'done', totalRows: 9, rowsDone: 9, importedRows: 2, rejectedRows: 7 });
    expect(first).toMatchObject({
      totalValue: 1335,
      periodFrom: sh('2026-03-01'),
      periodTo: sh('2026-03-02'),
      comparedAt: null,
      createdBy: expect.any(String),
    });
    const errors = await call('GET', `/api/power-imports/batches/${first.id}/errors?size=50`);
    expect(errors.body.data.total).toBe(7);
    expect(errors.body.data.items[0]).toMatchObject({ line: 3, reason: 'unknownObject', value: 'M999' });
    const rows = await call('GET', `/api/power-imports/batches/${first.id}/rows`);
    expect(rows.body.data.items.map((r: any) => [r.code, r.kwh])).toEqual([
      ['M001', 100.5],
      ['M040', 1234.5],
    ]);
    const list = await call('GET', '/api/power-imports/batches');
    expect(list.body.data.items.map((b: any) => b.id)).toContain(first.id);
  });

  it('refuses rows overlapping an earlier import, naming it, and keeps the others', async () => {
    const again = ['meter,start,end,value', 'M001,2026-03-01 12:00,2026-03-02 12:00,3', 'M001,2026-03-02 12:00,2026-03-03 00:00,4'].join('\n');
    const { body } = await upload('/api/power-imports', again, 'again.csv');
    const preview = await call('POST', '/api/power-imports/preview', { uploadId: body.data.uploadId, mapping: SH_MAPPING });
    expect(preview.body.data.errors).toEqual([expect.objectContaining({ line: 2, reason: 'overlapsImported', otherBatchId: first.id })]);
    expect(preview.body.data.goodRows).toBe(1);
  });

  it('undoes a batch: rows gone, the batch kept as undone with who and when; the period is free again', async () => {
    const undone = await call('DELETE', `/api/power-imports/batches/${first.id}`);
    expect(undone.status, undone.body.message).toBe(200);
    expect(undone.body.data).toMatchObject({ progress: { state: 'undone' }, undoneBy: expect.any(String), undoneAt: expect.any(Number) });
    expect(await app.storage.db.selectFrom('imported_power').select('id').where('batch_id', '=', first.id).execute()).toEqual([]);
    const twice = await call('DELETE', `/api/power-imports/batches/${first.id}`);
    expect([twice.status, twice.body.code]).toEqual([409, 40906]);
    const { body } = await upload('/api/power-imports', 'meter,start,end,value\nM001,2026-03-01 12:00,2026-03-02 12:00,3\n', 'again.csv');
    const preview = await call('POST', '/api/power-imports/preview', { uploadId: body.data.uploadId, mapping: SH_MAPPING });
    expect(preview.body.data).toMatchObject({ goodRows: 1, badRows: 0 });
  });
});

describe('power import of an XLSX with Excel dates in another zone, in MWh', () => {
  it('reads the chosen sheet, Excel date cells and serial days as Berlin wall time, MWh × 1000', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRow(['Utility export']);
    const sheet = workbook.addWorksheet('Utility');
    sheet.addRow(['Day', 'Energy (MWh)']);
    // exceljs writes a Date as the cell's wall time (its UTC fields)
    sheet.addRow([new Date(Date.UTC(2026, 2, 28)), 1.25]);
    sheet.addRow([new Date(Date.UTC(2026, 2, 29)), 0.5]);
    sheet.addRow([46111, 0.0004]); // serial 46111 = 2026-03-30 (46082 = 2026-03-01, + 29)
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const { status, body } = await upload('/api/power-imports', bytes, 'utility.xlsx');
    expect(status, body.message).toBe(200);
    expect(body.data.format).toBe('xlsx');
    expect(body.data.sheets.map((s: any) => s.name)).toEqual(['Notes', 'Utility']);
    expect(body.data.sheets[1].dateColumns).toEqual([0]);
    const mapping = {
      sheet: 'Utility',
      periodStart: 0,
      periodEnd: { kind: 'interval', interval: 'day' },
      value: 1,
      object: { kind: 'fixed', objectKind: 'meter', objectId: ids.M001 },
      timeZone: 'Europe/Berlin',
      dateFormat: 'excel',
      unit: 'MWh',
    };
    const batch = await runImport('/api/power-imports', body.data.uploadId, mapping);
    expect(batch.progress).toMatchObject({ state: 'done', importedRows: 3, rejectedRows: 0 });
    expect(batch.sheet).toBe('Utility');
    const rows = (await call('GET', `/api/power-imports/batches/${batch.id}/rows`)).body.data.items;
    // 2026-03-28 00:00 CET = 27 Mar 23:00 UTC; Berlin springs forward on the 29th, so that day lasts 23 h; the 30th starts at 29 Mar 22:00 UTC (CEST)
    expect(rows.map((r: any) => [r.periodStart, r.periodEnd - r.periodStart, r.kwh])).toEqual([
      [Date.UTC(2026, 2, 27, 23), 24 * 3_600_000, 1250],
      [Date.UTC(2026, 2, 28, 23), 23 * 3_600_000, 500],
      [Date.UTC(2026, 2, 29, 22), 24 * 3_600_000, expect.closeTo(0.4, 12)],
    ]);
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const { status, body } = await upload('/api/power-imports', Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'), 'huge.csv');
    expect([status, body.code]).toEqual([413, 41300]);
    expect(body.message).toBe('The file is larger than 10 MB; split it into several files');
  });
});

describe('fuel import and conversion by factor versions', () => {
  it('converts by the version valid on each row’s start day and sums per fuel and object', async () => {
    const version = await call('POST', '/api/fuel-factors', {
      fuel: 'diesel',
      validFrom: '2026-04-02',
      ncvMjPerKg: 42.652,
      kgcePerKg: 1.4571,
      co2KgPerKg: 3.2,
      densityKgPerL: 0.85,
      source: 'Supplier certificate',
    });
    expect(version.status, version.body.message).toBe(200);
    const csv = [
      'from,to,department,fuel,quantity,unit',
      '2026-04-01 00:00,2026-04-02 00:00,UTILITIES,Diesel,2.5,t', // 2 default factor
      '2026-04-02 00:00,2026-04-03 00:00,UTILITIES,diesel,1000,L', // 3 the version from 2 April
      '2026-04-01 00:00,2026-04-08 00:00,WAREHOUSE,H2,100,Nm3', // 4
      '2026-04-01 00:00,2026-04-02 00:00,WAREHOUSE,petrol,5,L', // 5 not a fuel here
      '2026-04-08 00:00,2026-04-09 00:00,WAREHOUSE,hydrogen,5,L', // 6 hydrogen is not given in litres
    ].join('\n');
    const { body } = await upload('/api/fuel-imports', csv, 'fuel.csv');
    const mapping = {
      periodStart: 0,
      periodEnd: { kind: 'column', column: 1 },
      value: 4,
      object: { kind: 'column', column: 2, objectKind: 'department' },
      fuel: { kind: 'column', column: 3 },
      unit: { kind: 'column', column: 5 },
      timeZone: 'Asia/Shanghai',
      dateFormat: 'YYYY-MM-DD HH:mm',
    };
    const preview = await call('POST', '/api/fuel-imports/preview', { uploadId: body.data.uploadId, mapping });
    expect(preview.body.data.errors.map((e: any) => [e.line, e.reason])).toEqual([
      [5, 'badFuel'],
      [6, 'badUnit'],
    ]);
    const batch = await runImport('/api/fuel-imports', body.data.uploadId, mapping);
    expect(batch.progress).toMatchObject({ state: 'done', importedRows: 3, rejectedRows: 2 });

    const summary = await call('GET', '/api/fuel-imports/summary?from=2026-04-01&to=2026-04-30');
    expect(summary.status, summary.body.message).toBe(200);
    const diesel = summary.body.data.rows.find((r: any) => r.fuel === 'diesel');
    // 2.5 t = 2 500 kg by default: 2 500 × 42.652 / 3.6 = 29 619.444 kWh, 2 500 × 1.4571 = 3 642.75 kgce, 2 500 × 3.0959 = 7 739.75 kg CO2
    // 1 000 L × 0.85 = 850 kg by the version: 850 × 42.652 / 3.6 = 10 070.611 kWh, 850 × 1.4571 = 1 238.535 kgce, 850 × 3.2 = 2 720 kg CO2
    expect(diesel).toMatchObject({
      code: 'UTILITIES',
      rows: 2,
      quantities: [
        { unit: 't', quantity: 2.5 },
        { unit: 'L', quantity: 1000 },
      ],
      kg: 3350,
      kwh: expect.closeTo(29_619.4444 + 10_070.6111, 3),
      kgce: expect.closeTo(3642.75 + 1238.535, 9),
      co2Kg: expect.closeTo(10_459.75, 9),
    });
    expect(diesel.factors).toEqual([
      { id: null, fuel: 'diesel', validFrom: null, builtIn: true },
      { id: version.body.data.id, fuel: 'diesel', validFrom: '2026-04-02', builtIn: false },
    ]);
    const hydrogen = summary.body.data.rows.find((r: any) => r.fuel === 'hydrogen');
    // 100 Nm³ × 0.0899 = 8.99 kg; 8.99 × 119.96 / 3.6 = 299.5668 kWh; no CO2
    expect(hydrogen).toMatchObject({ code: 'WAREHOUSE', kg: expect.closeTo(8.99, 12), kwh: expect.closeTo(299.5668, 4), co2Kg: 0 });

    // the version moved a day later: the 1 000 L row now takes the default too (0.84 kg/L → 840 kg, 840 × 3.0959 = 2 600.556 kg CO2)
    await call('PUT', `/api/fuel-factors/${version.body.data.id}`, { ...version.body.data, validFrom: '2026-04-03', densityKgPerNm3: null, note: '' });
    const later = (await call('GET', '/api/fuel-imports/summary?from=2026-04-01&to=2026-04-30&fuel=diesel')).body.data.rows[0];
    expect(later).toMatchObject({ kg: 3340, co2Kg: expect.closeTo(7739.75 + 2600.556, 9), factors: [{ id: null, builtIn: true }] });
  });

  it('lists the built-in defaults with their sources and the tree’s versions', async () => {
    const { body } = await call('GET', '/api/fuel-factors');
    const diesel = body.data.fuels.find((f: any) => f.fuel === 'diesel');
    expect(diesel.versions[0]).toMatchObject({ builtIn: true, ncvMjPerKg: 42.652, kgcePerKg: 1.4571, source: expect.stringContaining('GB/T 2589-2020') });
    expect(diesel.versions[1]).toMatchObject({ builtIn: false, validFrom: '2026-04-03' });
    const duplicate = await call('POST', '/api/fuel-factors', {
      fuel: 'diesel',
      validFrom: '2026-04-03',
      ncvMjPerKg: 42,
      kgcePerKg: 1.4,
      co2KgPerKg: 3,
      densityKgPerL: 0.84,
    });
    expect([duplicate.status, duplicate.body.message]).toEqual([400, 'validFrom: a version of diesel already starts on 2026-04-03']);
  });
});

describe('tenancy', () => {
  it('keeps each tree to its own uploads, batches and objects', async () => {
    const mine = await upload('/api/power-imports', 'meter,start,end,value\nM001,2026-05-01 00:00,2026-05-02 00:00,1\n', 'a.csv');
    const theirs = await call('POST', '/api/power-imports/preview', { uploadId: mine.body.data.uploadId, mapping: SH_MAPPING }, beta.token);
    expect(theirs.status).toBe(404);
    const batches = (await call('GET', '/api/power-imports/batches', undefined, token)).body.data.items;
    expect((await call('GET', `/api/power-imports/batches/${batches[0].id}`, undefined, beta.token)).status).toBe(404);
    expect((await call('DELETE', `/api/power-imports/batches/${batches[0].id}`, undefined, beta.token)).status).toBe(404);
    expect((await call('GET', '/api/power-imports/batches', undefined, beta.token)).body.data.total).toBe(0);
    // the admin tree's meter codes mean nothing in tree B
    const own = await upload('/api/power-imports', 'meter,start,end,value\nM001,2026-05-01 00:00,2026-05-02 00:00,1\n', 'b.csv', beta.token);
    const preview = await call('POST', '/api/power-imports/preview', { uploadId: own.body.data.uploadId, mapping: SH_MAPPING }, beta.token);
    expect(preview.body.data.errors).toEqual([expect.objectContaining({ line: 2, reason: 'unknownObject' })]);
    // a fixed object of another tree is unknown too
    const fixed = { ...SH_MAPPING, object: { kind: 'fixed', objectKind: 'meter', objectId: ids.M001 } };
    const fixedPreview = await call('POST', '/api/power-imports/preview', { uploadId: own.body.data.uploadId, mapping: fixed }, beta.token);
    expect(fixedPreview.body.data.errors[0]).toMatchObject({ reason: 'unknownObject' });
    // the fuel screen is not theirs
    expect((await call('GET', '/api/fuel-factors', undefined, beta.token)).status).toBe(403);
  });
});
