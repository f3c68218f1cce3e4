import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ErrorCode } from '@shared/errors';
import { bearer } from '@tests/support/testApp';
import { bucketFor, MeterHistory } from './meterHistory';
import { at, energyKit, type EnergyKit } from './energyKit.test-util';

let k: EnergyKit;
let m011: number;
const T0 = at('2026-11-10T08:00:00');
const MIN = 60_000;
beforeAll(async () => {
  k = await energyKit();
  m011 = await k.id('meters', 'M011');
  await k.ingest([
    { meter: 'M011', ts: T0, values: { kwh: 100, kw: 40, v: 231.5 } },
    { meter: 'M011', ts: T0 + 15 * MIN, values: { kwh: 110, kw: 44 } },
    { meter: 'M011', ts: T0 + 30 * MIN, values: { kwh: 125, kw: 60, v: 229 } },
  ]);
});
afterAll(() => k.t.close());

const range = { from: T0, to: T0 + 3600_000 };

describe('meter history (base/meterData)', () => {
  it('serves the raw points of the register, the rate and a JSON metric', async () => {
    const kwh = await k.get('/api/meter-data/series', { meterId: m011, metric: 'kwh', ...range });
    expect(kwh.body.data).toMatchObject({ meter: { code: 'M011', unit: 'kWh' }, metric: { code: 'kwh', unit: 'kWh' }, total: 3, bucketMs: 0 });
    expect(kwh.body.data.points).toEqual([
      [T0, 100],
      [T0 + 15 * MIN, 110],
      [T0 + 30 * MIN, 125],
    ]);
    expect((await k.get('/api/meter-data/series', { meterId: m011, metric: 'kw', ...range })).body.data.points.map((p: number[]) => p[1])).toEqual([
      40, 44, 60,
    ]);
    expect((await k.get('/api/meter-data/series', { meterId: m011, metric: 'v', ...range })).body.data.points).toEqual([
      [T0, 231.5],
      [T0 + 30 * MIN, 229],
    ]);
  });

  it('serves 15-minute interval energy as the `energy` metric', async () => {
    const { body } = await k.get('/api/meter-data/series', { meterId: m011, metric: 'energy', ...range });
    expect(body.data.points).toEqual([
      [T0, 10],
      [T0 + 15 * MIN, 15],
    ]);
  });

  it('pages the table newest first', async () => {
    const { body } = await k.get('/api/meter-data/history', { meterId: m011, metric: 'kwh', ...range, page: 1, size: 2 });
    expect(body.data).toMatchObject({
      total: 3,
      rows: [
        { ts: T0 + 30 * MIN, value: 125 },
        { ts: T0 + 15 * MIN, value: 110 },
      ],
    });
    const second = await k.get('/api/meter-data/history', { meterId: m011, metric: 'kwh', ...range, page: 2, size: 2 });
    expect(second.body.data.rows).toEqual([{ ts: T0, value: 100 }]);
  });

  it('stores the register and rate to 0.001 of their unit and reads them back so', async () => {
    await k.ingest([{ meter: 'M013', ts: T0, values: { kwh: 1234.5678, kw: 12.3456 } }]);
    const m013 = await k.id('meters', 'M013');
    const kwh = await k.get('/api/meter-data/series', { meterId: m013, metric: 'kwh', ...range });
    expect(kwh.body.data.points).toEqual([[T0, 1234.568]]);
    const kw = await k.get('/api/meter-data/history', { meterId: m013, metric: 'kw', ...range, page: 1, size: 10 });
    expect(kw.body.data.rows).toEqual([{ ts: T0, value: 12.346 }]);
    const stored = await k.t.app.storage.db
      .selectFrom('readings')
      .select(['register_milli', 'rate_milli'])
      .where('meter_id', '=', m013)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ register_milli: 1234568, rate_milli: 12346 });
  });

  it('answers 20002 "No history was queried for this device!" for an empty range', async () => {
    const { status, body } = await k.get('/api/meter-data/series', { meterId: m011, metric: 'kwh', from: T0 - 86_400_000, to: T0 - 1 });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: ErrorCode.NO_HISTORY, message: 'No history was queried for this device!' });
  });

  it('answers 20003 "Time out of range!" past 92 days or backwards', async () => {
    const long = await k.get('/api/meter-data/history', { meterId: m011, metric: 'kwh', from: T0, to: T0 + 93 * 86_400_000 });
    expect(long.body).toMatchObject({ code: ErrorCode.TIME_OUT_OF_RANGE, message: 'Time out of range!' });
    expect((await k.get('/api/meter-data/series', { meterId: m011, metric: 'kwh', from: T0, to: T0 - 1 })).body.code).toBe(ErrorCode.TIME_OUT_OF_RANGE);
  });

  it('names a metric outside the catalogue', async () => {
    const { body } = await k.get('/api/meter-data/series', { meterId: m011, metric: 'volts', ...range });
    expect(body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'metric: "volts" is not in the metric catalogue' });
  });

  it('averages a long range into round buckets: 2,100 one-minute samples become 2-minute means', async () => {
    const start = at('2026-11-12T00:00:00');
    const readings = Array.from({ length: 2100 }, (_, i) => ({ meter: 'M012', ts: start + i * MIN, values: { kw: i % 2 === 0 ? 10 : 20 } }));
    await k.ingest(readings);
    const { body } = await k.get('/api/meter-data/series', { meterId: await k.id('meters', 'M012'), metric: 'kw', from: start, to: start + 2099 * MIN });
    expect(body.data).toMatchObject({ total: 2100, bucketMs: 2 * MIN });
    expect(body.data.points).toHaveLength(1050);
    expect(body.data.points[0]).toEqual([start, 15]);
    expect(bucketFor(92 * 86_400_000)).toBe(120 * MIN); // 92 days / 2,000 points = 66 min → the next round width
  });

  it('reads a long range in keyset pages, oldest first, as columns (the export path)', async () => {
    const history = new MeterHistory(k.t.app.storage);
    const m012 = await k.id('meters', 'M012');
    const start = at('2026-11-12T00:00:00');
    const pages: { ts: number[]; values: number[] }[] = [];
    for (let after = start - 1; ;) {
      const page = await history.after(m012, 'kw', after, start + 2099 * MIN, 1000);
      pages.push(page);
      if (page.ts.length < 1000) break;
      after = page.ts.at(-1)!;
    }
    expect(pages.map((p) => p.ts.length)).toEqual([1000, 1000, 100]);
    const ts = pages.flatMap((p) => p.ts);
    expect(ts).toEqual(Array.from({ length: 2100 }, (_, i) => start + i * MIN));
    expect(pages.flatMap((p) => p.values).slice(0, 4)).toEqual([10, 20, 10, 20]);
    expect(await history.after(m012, 'kw', start + 2099 * MIN, start + 3000 * MIN, 1000)).toEqual({ ts: [], values: [] });
    // A metric from the JSON `extra` keeps its exact double.
    expect(await history.after(m011, 'v', T0 - 1, T0 + 3600_000, 10)).toEqual({ ts: [T0, T0 + 30 * MIN], values: [231.5, 229] });
  });

  it("shows every metric's latest value and the online state", async () => {
    const { body } = await k.get('/api/meter-data/latest', { meterId: m011 });
    expect(body.data).toMatchObject({ online: true, meter: { code: 'M011' } });
    expect(body.data.values).toEqual(
      expect.arrayContaining([
        { code: 'kwh', unit: 'kWh', value: 125, ts: T0 + 30 * MIN },
        { code: 'v', unit: 'V', value: 229, ts: T0 + 30 * MIN },
      ]),
    );
  });
});

describe('exports with progress', () => {
  async function finished(id: string) {
    for (let i = 0; i < 100; i += 1) {
      const { body } = await k.get(`/api/meter-data/exports/${id}`);
      if (body.data.state !== 'running') return body.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('export did not finish');
  }
  const download = (id: string) => k.t.app.inject({ method: 'GET', url: `/api/meter-data/exports/${id}/file`, headers: bearer(k.token) });

  it('writes a CSV of the range in the site time zone', async () => {
    const started = await k.send('POST', '/api/meter-data/exports', { meterId: m011, metric: 'kwh', format: 'csv', ...range });
    expect(started.body.data).toMatchObject({ state: 'running', totalRows: 3, fileName: 'M011_kwh_20261110-0800_20261110-0900.csv' });
    expect(await finished(started.body.data.id)).toMatchObject({ state: 'done', rowsWritten: 3, progress: 1 });
    const file = await download(started.body.data.id);
    expect(file.headers['content-disposition']).toBe('attachment; filename="M011_kwh_20261110-0800_20261110-0900.csv"');
    expect(file.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'time,timestamp_ms,kwh (kWh)',
      `2026-11-10 08:00:00,${T0},100`,
      `2026-11-10 08:15:00,${T0 + 15 * MIN},110`,
      `2026-11-10 08:30:00,${T0 + 30 * MIN},125`,
    ]);
  });

  it('writes an XLSX workbook with the same rows', async () => {
    const started = await k.send('POST', '/api/meter-data/exports', { meterId: m011, metric: 'kw', format: 'xlsx', ...range });
    await finished(started.body.data.id);
    const file = await download(started.body.data.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook
      .getWorksheet('M011')!
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['time', 'timestamp_ms', 'kw (kW)'],
      ['2026-11-10 08:00:00', T0, 40],
      ['2026-11-10 08:15:00', T0 + 15 * MIN, 44],
      ['2026-11-10 08:30:00', T0 + 30 * MIN, 60],
    ]);
  });

  it("refuses an empty range before starting, and hides other users' jobs", async () => {
    const empty = await k.send('POST', '/api/meter-data/exports', { meterId: m011, metric: 'kwh', format: 'csv', from: 0, to: 1000 });
    expect(empty.body.code).toBe(ErrorCode.NO_HISTORY);
    const missing = await k.get('/api/meter-data/exports/00000000-0000-4000-8000-000000000000');
    expect(missing.body).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'No such export' });
  });
});
