import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer } from '@tests/support/testApp';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { estimateReplacerOf } from '../modules/completion/routes';
import { testTariffs } from '../tariffs/tariffFixtures.test-util';
import { estimatedStarts } from './estimatedIntervals';

const MIN = 60_000;
const Q = 15 * MIN;
const DAY = 86_400_000;
/** Tuesday 10 November 2026 (Shanghai), and the Tuesday a week before. */
const D = at('2026-11-10T08:00:00');
const W = D - 7 * DAY;

let k: EnergyKit;
const ids: Record<string, number> = {};

beforeAll(async () => {
  k = await energyKit();
  for (const code of ['M011', 'M012', 'M013', 'M014', 'M015', 'M016', 'M021']) ids[code] = await k.id('meters', code);
  await k.ingest([
    // M011: a week earlier 10, 20, 30, 40 kWh per quarter; on D readings at 08:00 and 09:00 only (200 kWh spread flat, 50 each).
    ...[0, 10, 30, 60, 100].map((kwh, i) => ({ meter: 'M011', ts: W + i * Q, values: { kwh } })),
    { meter: 'M011', ts: D, values: { kwh: 1000 } },
    { meter: 'M011', ts: D + 4 * Q, values: { kwh: 1200 } },
    { meter: 'M011', ts: D + 5 * Q, values: { kwh: 1210 } },
    // M012: 5 kWh in the 08:00 quarter, then silent (an open gap).
    { meter: 'M012', ts: D, values: { kwh: 500 } },
    { meter: 'M012', ts: D + Q, values: { kwh: 505 } },
    // M014: a closed hour with 40 kWh spread flat.
    { meter: 'M014', ts: D, values: { kwh: 0 } },
    { meter: 'M014', ts: D + 4 * Q, values: { kwh: 40 } },
    // M016: one step over the week before D (672 kWh, 1 kWh per quarter), then silent.
    { meter: 'M016', ts: W, values: { kwh: 0 } },
    { meter: 'M016', ts: D, values: { kwh: 672 } },
  ]);
});
afterAll(() => k.t.close());

const db = () => k.t.app.storage.db;
const del = async (url: string) => {
  const response = await k.t.app.inject({ method: 'DELETE', url, headers: bearer(k.token) });
  return { status: response.statusCode, body: response.json() };
};
async function intervals(meterId: number, from: number, to: number): Promise<[number, number][]> {
  const rows = await db()
    .selectFrom('energy_intervals')
    .select(['start', 'energy'])
    .where('meter_id', '=', meterId)
    .where('start', '>=', from)
    .where('start', '<', to)
    .orderBy('start')
    .execute();
  return rows.map((r) => [(Number(r.start) - from) / Q, r.energy]);
}
async function rollup(meterId: number, grain: 'hour' | 'day', period: string): Promise<number> {
  const row = await db()
    .selectFrom('energy_rollups')
    .select('energy')
    .where('scope', '=', 'meter')
    .where('scope_id', '=', meterId)
    .where('grain', '=', grain)
    .where('period', '=', period)
    .executeTakeFirst();
  return row?.energy ?? 0;
}
const replacerIdle = () => estimateReplacerOf(k.t.app.storage)!.idle();

describe('gaps (GET /api/data-gaps)', () => {
  it('lists a stretch between readings longer than 30 minutes with its stored flat spread, and a silent meter up to now', async () => {
    const { body } = await k.get('/api/data-gaps', { meterId: ids.M011!, from: D - 60 * MIN, to: D + 2 * 60 * MIN });
    expect(body.code).toBe(0);
    expect(body.data).toContainEqual({
      meterId: ids.M011,
      meterCode: 'M011',
      meterName: expect.any(String),
      unit: 'kWh',
      from: D,
      to: D + 4 * Q,
      readingFrom: D,
      readingTo: D + 4 * Q,
      intervals: 4,
      energy: 200,
      open: false,
    });
    // The week between W 09:00 and D 08:00 is a gap too (it ends inside the range).
    expect(body.data.map((g: { from: number; to: number }) => [g.from, g.to])).toContainEqual([W + 4 * Q, D]);
    // The 09:00–09:15 step is 15 minutes: no gap; after 09:15 the meter is silent up to now.
    const open = body.data.find((g: { open: boolean }) => g.open);
    expect(open).toMatchObject({ from: D + 5 * Q, readingFrom: D + 5 * Q, readingTo: null, energy: 0 });
  });

  it('lists every meter of the tree when no meter is named', async () => {
    const { body } = await k.get('/api/data-gaps', { from: D - 60 * MIN, to: D + 60 * MIN });
    const codes = new Set(body.data.map((g: { meterCode: string }) => g.meterCode));
    expect([...codes].sort()).toEqual(['M011', 'M012', 'M014', 'M016']);
  });
});

describe('completing a closed gap', () => {
  it('weekday: the same quarters a week earlier (10, 20, 30, 40) scaled to the register difference 200 → 20, 40, 60, 80', async () => {
    const preview = await k.send('POST', '/api/data-completions/preview', { meterId: ids.M011, from: D, to: D + 4 * Q, method: 'weekday' });
    expect(preview.body.data).toMatchObject({ energyBefore: 200, energyAfter: 200 });
    expect(preview.body.data.intervals.map((i: { after: number }) => i.after)).toEqual([20, 40, 60, 80]);
    expect(await intervals(ids.M011!, D, D + 4 * Q)).toEqual([
      [0, 50],
      [1, 50],
      [2, 50],
      [3, 50],
    ]);

    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M011, from: D, to: D + 4 * Q, method: 'weekday', note: 'gateway swap' });
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      meter: { code: 'M011' },
      method: 'weekday',
      state: 'active',
      energyBefore: 200,
      energyAfter: 200,
      createdBy: 'admin',
      note: 'gateway swap',
      intervals: [
        { start: D, before: 50, after: 20 },
        { start: D + Q, before: 50, after: 40 },
        { start: D + 2 * Q, before: 50, after: 60 },
        { start: D + 3 * Q, before: 50, after: 80 },
      ],
    });
    expect(await intervals(ids.M011!, D, D + 4 * Q)).toEqual([
      [0, 20],
      [1, 40],
      [2, 60],
      [3, 80],
    ]);
    expect(await rollup(ids.M011!, 'hour', String(D))).toBeCloseTo(200, 9);
    expect(await estimatedStarts(db(), ids.M011!, D, D + 4 * Q)).toEqual([D, D + Q, D + 2 * Q, D + 3 * Q]);

    // The gap is now answered as completed; the energy metric flags the estimated points.
    const gaps = await k.get('/api/data-gaps', { meterId: ids.M011!, from: D - 60 * MIN, to: D + 2 * 60 * MIN });
    expect(gaps.body.data.find((g: { from: number }) => g.from === D)).toMatchObject({ energy: 200, completedBy: body.data._id });
    const series = await k.get('/api/meter-data/series', { meterId: ids.M011!, metric: 'energy', from: D, to: D + 5 * Q });
    expect(series.body.data.estimated).toEqual([D, D + Q, D + 2 * Q, D + 3 * Q]);
    const page = await k.get('/api/meter-data/history', { meterId: ids.M011!, metric: 'energy', from: D, to: D + 5 * Q, order: 'asc' });
    expect(page.body.data.rows).toEqual([
      { ts: D, value: 20, estimated: true },
      { ts: D + Q, value: 40, estimated: true },
      { ts: D + 2 * Q, value: 60, estimated: true },
      { ts: D + 3 * Q, value: 80, estimated: true },
      { ts: D + 4 * Q, value: 10 },
    ]);

    // A second completion over the same quarters is refused until this one is undone.
    const twice = await k.send('POST', '/api/data-completions', { meterId: ids.M011, from: D, to: D + Q, method: 'linear' });
    expect(twice.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: `from: The range overlaps completion ${body.data._id}: undo it first` });

    // Undo restores the stored figures exactly and keeps the history entry.
    const undone = await del(`/api/data-completions/${body.data._id}`);
    expect(undone.body.data).toMatchObject({ state: 'undone', undoneBy: 'admin' });
    expect(await intervals(ids.M011!, D, D + 4 * Q)).toEqual([
      [0, 50],
      [1, 50],
      [2, 50],
      [3, 50],
    ]);
    expect(await estimatedStarts(db(), ids.M011!, D, D + 4 * Q)).toEqual([]);
    const again = await del(`/api/data-completions/${body.data._id}`);
    expect(again.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'id: This completion was already undone' });
  });

  it('manual: 10 kWh per quarter takes the hour from 200 to 40 in every rollup; undo gives 200 back', async () => {
    const dayBefore = await rollup(ids.M011!, 'day', '2026-11-10');
    // A stale meter directory reloads outside the transaction (SQLite has one connection: inside it would wait on itself).
    k.t.app.ingest.directory.invalidate();
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M011, from: D, to: D + 4 * Q, method: 'manual', values: [10, 10, 10, 10] });
    expect(body.data).toMatchObject({ energyBefore: 200, energyAfter: 40 });
    expect(await rollup(ids.M011!, 'hour', String(D))).toBeCloseTo(40, 9);
    expect(await rollup(ids.M011!, 'day', '2026-11-10')).toBeCloseTo(dayBefore - 160, 9);
    k.t.app.ingest.directory.invalidate();
    await del(`/api/data-completions/${body.data._id}`);
    expect(await rollup(ids.M011!, 'hour', String(D))).toBeCloseTo(200, 9);
    expect(await rollup(ids.M011!, 'day', '2026-11-10')).toBeCloseTo(dayBefore, 9);
  });

  it('linear: the register difference spread evenly is 50 per quarter (ingest already spread it so: energy unchanged, now flagged)', async () => {
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M011, from: D, to: D + 4 * Q, method: 'linear' });
    expect(body.data.intervals.map((i: { before: number; after: number }) => [i.before, i.after])).toEqual([
      [50, 50],
      [50, 50],
      [50, 50],
      [50, 50],
    ]);
    expect(await estimatedStarts(db(), ids.M011!, D, D + 4 * Q)).toHaveLength(4);
    await del(`/api/data-completions/${body.data._id}`);
  });
});

describe('completing an open gap', () => {
  it('linear: the average rate of the 7 days before (672 kWh a week = 1 kWh per quarter)', async () => {
    const { body } = await k.send('POST', '/api/data-completions/preview', { meterId: ids.M016, from: D, to: D + 4 * Q, method: 'linear' });
    expect(body.data).toMatchObject({ energyBefore: 0, energyAfter: 4 });
    expect(body.data.intervals.map((i: { after: number }) => i.after)).toEqual([1, 1, 1, 1]);
  });

  it('manual values, then the late real readings replace the estimate: figures equal in-order readings, history says replaced', async () => {
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M012, from: D + Q, to: D + 5 * Q, method: 'manual', values: [3, 4, 5, 6] });
    expect(body.data).toMatchObject({ energyBefore: 0, energyAfter: 18, state: 'active' });
    expect(await rollup(ids.M012!, 'hour', String(D))).toBeCloseTo(5 + 3 + 4 + 5, 9);
    expect(await rollup(ids.M012!, 'hour', String(D + 4 * Q))).toBeCloseTo(6, 9);

    const late = [507, 510, 514, 519, 520].map((kwh, i) => ({ ts: D + (i + 2) * Q, values: { kwh } }));
    await k.ingest(late.map((r) => ({ meter: 'M012', ...r })));
    // The same readings in order on a meter nobody completed: what "real" is.
    await k.ingest([
      { meter: 'M013', ts: D, values: { kwh: 500 } },
      { meter: 'M013', ts: D + Q, values: { kwh: 505 } },
      ...late.map((r) => ({ meter: 'M013', ...r })),
    ]);
    await replacerIdle();

    const real = await intervals(ids.M013!, D, D + 6 * Q);
    expect(real).toEqual([
      [0, 5],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 1],
    ]);
    const replaced = await intervals(ids.M012!, D, D + 6 * Q);
    expect(replaced.map(([i]) => i)).toEqual([0, 1, 2, 3, 4, 5]);
    replaced.forEach(([, energy], i) => expect(energy).toBeCloseTo(real[i]![1], 9));
    expect(await rollup(ids.M012!, 'hour', String(D))).toBeCloseTo(14, 9);
    expect(await rollup(ids.M012!, 'hour', String(D + 4 * Q))).toBeCloseTo(6, 9);
    expect(await estimatedStarts(db(), ids.M012!, D, D + 6 * Q)).toEqual([]);

    const history = await k.get(`/api/data-completions/${body.data._id}`);
    expect(history.body.data).toMatchObject({ state: 'replaced', replacedAt: expect.any(Number) });
    expect(history.body.data.audit.map((a: { action: string; user: string | null }) => [a.action, a.user])).toEqual([
      ['complete', 'admin'],
      ['replaced', null],
    ]);
    expect(history.body.data.audit[1].detail).toMatchObject({ message: 'real readings replaced the estimate', readings: 5 });
    const list = await k.get('/api/data-completions', { meterId: ids.M012!, state: 'replaced' });
    expect(list.body.data).toMatchObject({ total: 1, rows: [{ _id: body.data._id, state: 'replaced' }] });
  });
});

describe('late readings inside a completed closed gap', () => {
  it('redistribute the flat spread by the real steps (4, 8, 12, 16) and remove the estimate', async () => {
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M014, from: D, to: D + 4 * Q, method: 'manual', values: [1, 1, 1, 1] });
    expect(body.data).toMatchObject({ energyBefore: 40, energyAfter: 4 });
    await k.ingest([4, 12, 24].map((kwh, i) => ({ meter: 'M014', ts: D + (i + 1) * Q, values: { kwh } })));
    await replacerIdle();
    const after = await intervals(ids.M014!, D, D + 4 * Q);
    [4, 8, 12, 16].forEach((energy, i) => expect(after[i]![1]).toBeCloseTo(energy, 9));
    expect(await rollup(ids.M014!, 'hour', String(D))).toBeCloseTo(40, 9);
    expect((await k.get(`/api/data-completions/${body.data._id}`)).body.data.state).toBe('replaced');
  });
});

describe('band rollups of a priced meter', () => {
  async function band(): Promise<{ energy: number; estimated: number }> {
    const row = await db()
      .selectFrom('band_rollups')
      .select(['energy', 'estimated'])
      .where('scope', '=', 'meter')
      .where('scope_id', '=', ids.M021!)
      .where('grain', '=', 'day')
      .where('period', '=', '2026-11-10')
      .executeTakeFirstOrThrow();
    return { energy: row.energy, estimated: row.estimated };
  }

  it('carry the estimated part: manual 1, 2, 3, 4 over a flat-spread 20 kWh hour → 10 kWh of which 10 estimated; undo → 20, none estimated', async () => {
    const t = await testTariffs(k);
    const flat = await t.tariff('Flat for completion');
    await t.version(flat, '2026-01-01', null, {
      prices: { flat: '0.500000' },
      seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
      tiers: [],
    });
    await t.assign(flat, 'meter', ids.M021!);
    await k.t.app.tariffs.reload();
    await k.ingest([
      { meter: 'M021', ts: D + 8 * Q, values: { kwh: 0 } },
      { meter: 'M021', ts: D + 12 * Q, values: { kwh: 20 } },
    ]);
    expect(await band()).toEqual({ energy: 20, estimated: 0 });
    const { body } = await k.send('POST', '/api/data-completions', {
      meterId: ids.M021,
      from: D + 8 * Q,
      to: D + 12 * Q,
      method: 'manual',
      values: [1, 2, 3, 4],
    });
    expect(body.data).toMatchObject({ energyBefore: 20, energyAfter: 10 });
    const completed = await band();
    expect(completed.energy).toBeCloseTo(10, 9);
    expect(completed.estimated).toBeCloseTo(10, 9);
    await del(`/api/data-completions/${body.data._id}`);
    const undone = await band();
    expect(undone.energy).toBeCloseTo(20, 9);
    expect(undone.estimated).toBeCloseTo(0, 9);
  });
});

describe('rules', () => {
  it('refuses unaligned times, a wrong number of manual values, a range holding readings and the future', async () => {
    const cases: [object, string][] = [
      [{ meterId: ids.M011, from: D + 60_000, to: D + 4 * Q, method: 'linear' }, 'body.from: must be on the quarter hour (a 15-minute interval edge)'],
      [{ meterId: ids.M011, from: D, to: D + 4 * Q, method: 'manual', values: [1, 2] }, 'body.values: Give one value per 15-minute interval (4)'],
      [
        { meterId: ids.M011, from: D, to: D + 8 * Q, method: 'linear' },
        `from: The range holds a register reading (at ${new Date(D + 4 * Q).toISOString()}): complete a gap between readings`,
      ],
      [{ meterId: ids.M011, from: D + 4 * Q, to: D, method: 'linear' }, 'body.to: must be after from'],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await k.send('POST', '/api/data-completions', payload);
      expect([status, body.code, body.message]).toEqual([400, ErrorCode.VALIDATION_FAILED, message]);
    }
    const future = Math.ceil(Date.now() / Q) * Q + Q;
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M021, from: future, to: future + Q, method: 'manual', values: [1] });
    expect(body.message).toBe('to: must not be in the future: complete intervals that have ended');
  });

  it('answers PERIOD_CLOSED for a completion or an undo touching a month closed in settlement', async () => {
    const O = at('2026-10-20T08:00:00');
    await k.ingest([
      { meter: 'M015', ts: O, values: { kwh: 0 } },
      { meter: 'M015', ts: O + 4 * Q, values: { kwh: 10 } },
      { meter: 'M015', ts: O + 8 * Q, values: { kwh: 20 } },
    ]);
    const { body } = await k.send('POST', '/api/data-completions', { meterId: ids.M015, from: O, to: O + 4 * Q, method: 'manual', values: [1, 2, 3, 4] });
    expect(body.code).toBe(0);
    const admin = await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await db()
      .insertInto('settlement_snapshots')
      .values({
        owner_user_id: admin.id,
        month: '2026-10',
        version: 1,
        state: 'closed',
        figures: '{}',
        tariff_versions: '[]',
        diff: null,
        closed_by: admin.id,
        closed_at: Date.now(),
      })
      .execute();
    const undo = await del(`/api/data-completions/${body.data._id}`);
    expect([undo.status, undo.body.code]).toEqual([409, ErrorCode.PERIOD_CLOSED]);
    const other = await k.send('POST', '/api/data-completions', { meterId: ids.M015, from: O + 4 * Q, to: O + 8 * Q, method: 'linear' });
    expect([other.status, other.body.code, other.body.message]).toEqual([
      409,
      ErrorCode.PERIOD_CLOSED,
      '2026-10 is closed for settlement; reopen it with a reason before changing its figures',
    ]);
    expect(await intervals(ids.M015!, O, O + 4 * Q)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);

    // The meter's energy export flags the estimated rows.
    const started = await k.send('POST', '/api/meter-data/exports', { meterId: ids.M015, metric: 'energy', format: 'csv', from: O, to: O + 6 * Q - 1 });
    let state = started.body.data.state;
    for (let i = 0; i < 100 && state === 'running'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = (await k.get(`/api/meter-data/exports/${started.body.data.id}`)).body.data.state;
    }
    const file = await k.t.app.inject({ method: 'GET', url: `/api/meter-data/exports/${started.body.data.id}/file`, headers: bearer(k.token) });
    expect(file.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'time,timestamp_ms,energy (kWh),estimated',
      `2026-10-20 08:00:00,${O},1,estimated`,
      `2026-10-20 08:15:00,${O + Q},2,estimated`,
      `2026-10-20 08:30:00,${O + 2 * Q},3,estimated`,
      `2026-10-20 08:45:00,${O + 3 * Q},4,estimated`,
      `2026-10-20 09:00:00,${O + 4 * Q},2.5,`,
      `2026-10-20 09:15:00,${O + 5 * Q},2.5,`,
    ]);
  });

  it('pages the history newest first and filters by state', async () => {
    const all = await k.get('/api/data-completions', { page: 1, size: 2 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    expect(all.body.data.rows).toHaveLength(2);
    expect(all.body.data.rows[0]._id).toBeGreaterThan(all.body.data.rows[1]._id);
    const undone = await k.get('/api/data-completions', { state: 'undone', meterId: ids.M011! });
    expect(undone.body.data.total).toBe(3);
  });
});
