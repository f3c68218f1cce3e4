// The kiosk bench's world on a real server: 50 bench meters with a first reading, the boards it shows
// (50 widgets × 1 Hz, a board of KPI tiles), display tokens, and a feeder that sends one reading per meter
// per second over the HTTP ingest with an interface key (what a third-party system would do).
import type { BoardDocumentInput } from '../shared/board/document';
import type { BoardRecord, BoardSummary, DisplayCreated } from '../shared/schemas/boards';
import { activeInterfaceKey, apiData, callApi } from '../tests/e2e/helpers/api';
import { E2E_ADMIN_PASSWORD } from '../tests/support/serverProcess';

export interface BenchMeter {
  id: number;
  code: string;
}

export interface WallWorld {
  url: string;
  token: string;
  meters: BenchMeter[];
  samples: { controlRoom: number; plant3d: number; alarmWall: number };
  send: (readings: { meter: string; kw: number; ts?: number }[]) => Promise<void>;
}

export const BENCH_METER_COUNT = 50;

/** The admin's token from the real login API. */
export async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { code: number; data: { token: string }; message: string };
  if (body.code !== 0) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}

/** A kW figure that moves every second and stays under the 500 kW rating (nothing is quarantined). */
export const benchKw = (meterIndex: number, second: number): number => Math.round((120 + meterIndex * 5 + 80 * Math.sin(second / 7 + meterIndex)) * 100) / 100;

/**
 * Logs in, creates a department and 50 electricity meters through the generic resource API, and sends
 * each its first reading (resent until the ingest path knows the new meters: it caches its meter list for
 * up to 10 s).
 */
export async function createWorld(url: string): Promise<WallWorld> {
  const token = await adminToken(url);
  const boards = await apiData<BoardSummary[]>(url, token, 'GET', '/api/boards');
  const sample = (name: string) => {
    const board = boards.find((b) => b.sample && b.name === name);
    if (!board) throw new Error(`sample board "${name}" was not seeded`);
    return board.id;
  };
  const samples = { controlRoom: sample('Energy control room'), plant3d: sample('3D plant'), alarmWall: sample('Alarm wall') };
  const gateways = await apiData<{ id: number }[]>(url, token, 'GET', '/api/gateways/options');
  const gatewayId = gateways[0]?.id;
  if (gatewayId === undefined) throw new Error('no gateway in the demo organisation');
  const department = await apiData<{ id: number }>(url, token, 'POST', '/api/departments', {
    name: 'Bench wall',
    code: 'BENCH-WALL',
    parentId: null,
    sort: 90,
  });
  const meters: BenchMeter[] = [];
  for (let i = 0; i < BENCH_METER_COUNT; i++) {
    const code = `BW${String(i + 1).padStart(3, '0')}`;
    const created = await apiData<{ id: number }>(url, token, 'POST', '/api/meters', {
      code,
      name: `Wall meter ${i + 1}`,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      ratedPowerKw: 500,
      isMain: false,
      gatewayId,
      departmentId: department.id,
    });
    meters.push({ id: created.id, code });
  }
  const key = await activeInterfaceKey(url, token, `kiosk bench ${Date.now()}`);
  const post = (readings: { meter: string; kw: number; ts?: number }[]) =>
    callApi<{ accepted: number; rejected: unknown[] }>(
      url,
      'POST',
      '/api/ingest/readings',
      { readings: readings.map((r) => ({ meter: r.meter, ts: r.ts ?? Date.now(), values: { kw: r.kw } })) },
      { 'x-interface-key': key },
    );
  const first = () => meters.map((m, i) => ({ meter: m.code, kw: benchKw(i, 0) }));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await post(first());
    if (answer.code === 0 && answer.data.accepted === meters.length) break;
    if (Date.now() > deadline) throw new Error(`first readings refused: ${answer.code} ${answer.message}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const send = async (readings: { meter: string; kw: number; ts?: number }[]) => {
    const answer = await post(readings);
    if (answer.code !== 0 || answer.data.accepted !== readings.length) throw new Error(`ingest refused: ${answer.code} ${answer.message}`);
  };
  return { url, token, meters, samples, send };
}

type Elements = BoardDocumentInput['elements'];
type Items = BoardDocumentInput['layout']['spec']['items'];

function board(name: string, elements: Elements, items: Items, rowHeight: number, gap: number): BoardDocumentInput {
  return {
    schemaVersion: 1,
    meta: { name, description: 'Created by bench/kioskWall.ts' },
    theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
    canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
    elements,
    layout: { kind: 'grid', spec: { cols: 24, rowHeight, gap, items } },
  };
}

/**
 * 50 widgets, each on its own meter (so each of the 50 channels carries 1 update/s): 30 KPI tiles and 10
 * gauges (8 a row, 5 rows), then 10 live trends (4 a row). 24 rows of 36 px with 8 px gaps fill 1080.
 */
export function fiftyWidgetBoard(meters: readonly BenchMeter[]): BoardDocumentInput {
  if (meters.length < 50) throw new Error('the 50-widget board needs 50 meters');
  const elements: Elements = {};
  const items: Items = [];
  meters.slice(0, 50).forEach((meter, i) => {
    const id = `w${i}`;
    if (i < 30) elements[id] = { type: 'kpi', title: `Wall meter ${i + 1}`, options: { digits: 1 }, binding: { meterIds: [meter.id], metric: 'kw' } };
    else if (i < 40)
      elements[id] = {
        type: 'gauge',
        title: `Wall meter ${i + 1}`,
        options: { min: 0, max: 500, warning: 350, alarm: 450, unit: 'kW' },
        binding: { meterIds: [meter.id], metric: 'kw' },
      };
    else elements[id] = { type: 'live-trend', title: `Wall meter ${i + 1}`, options: { minutes: 60 }, binding: { meterIds: [meter.id], metric: 'kw' } };
    if (i < 40) items.push({ element: id, x: (i % 8) * 3, y: Math.floor(i / 8) * 3, w: 3, h: 3 });
    else items.push({ element: id, x: ((i - 40) % 4) * 6, y: 15 + Math.floor((i - 40) / 4) * 3, w: 6, h: 3 });
  });
  return board('Bench wall, 50 widgets', elements, items, 36, 8);
}

/** KPI tiles only, 4 a row, each bound to a meter that already has a reading. */
export function kpiBoard(meters: readonly BenchMeter[], count: number): BoardDocumentInput {
  const elements: Elements = {};
  const items: Items = [];
  meters.slice(0, count).forEach((meter, i) => {
    elements[`kpi${i}`] = { type: 'kpi', title: `Wall meter ${i + 1}`, options: { digits: 1 }, binding: { meterIds: [meter.id], metric: 'kw' } };
    items.push({ element: `kpi${i}`, x: (i % 4) * 6, y: Math.floor(i / 4) * 5, w: 6, h: 5 });
  });
  return board(`Bench KPIs, ${count} tiles`, elements, items, 40, 12);
}

export const createBoard = (world: WallWorld, document: BoardDocumentInput) =>
  apiData<BoardRecord>(world.url, world.token, 'POST', '/api/boards', { document });

export const createDisplay = (world: WallWorld, name: string, boardIds: number[]) =>
  apiData<DisplayCreated>(world.url, world.token, 'POST', '/api/displays', { name, scope: { kind: 'boards', boardIds } });

/** The console's remote switch: the server tells the display over `display:self` (the wall's real path). */
export const showOnDisplay = (world: WallWorld, displayId: number, boardId: number | null) =>
  apiData(world.url, world.token, 'POST', `/api/displays/${displayId}/show`, { boardId });

export interface Feeder {
  stop(): Promise<{ sent: number; failed: number; seconds: number }>;
}

/**
 * One reading per meter per second, the meters spread over the second in 10 posts of 5 (every 100 ms), kW
 * changing each second, ts = the send time. Stops at stop() or after `maxSeconds`.
 */
export function startFeeder(world: WallWorld, maxSeconds: number): Feeder {
  const started = Date.now();
  const slices = 10;
  const perSlice = Math.ceil(world.meters.length / slices);
  let sent = 0;
  let failed = 0;
  let tick = 0;
  let stopped = false;
  const inflight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (stopped || Date.now() - started > maxSeconds * 1000) return;
    const slice = tick % slices;
    const second = Math.floor(tick / slices);
    tick++;
    const batch = world.meters
      .slice(slice * perSlice, (slice + 1) * perSlice)
      .map((meter, k) => ({ meter: meter.code, kw: benchKw(slice * perSlice + k, second + 1) }));
    if (batch.length === 0) return;
    const call = world.send(batch).then(
      () => void (sent += batch.length),
      () => void (failed += batch.length),
    );
    inflight.add(call);
    void call.finally(() => inflight.delete(call));
  }, 100);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inflight]);
      return { sent, failed, seconds: (Date.now() - started) / 1000 };
    },
  };
}
