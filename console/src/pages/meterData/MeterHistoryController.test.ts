import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { MeterHistoryPage, MeterLatest, MeterSeries } from '@shared/schemas/energy';
import { MAX_HISTORY_RANGE_MS } from '@shared/schemas/energy';
import { MeterHistoryController } from './MeterHistoryController';

const waterMeter = { id: 12, code: 'M012', name: 'Canteen water', energyType: 'water', unit: 'm³' };
const latest = (patch: Partial<MeterLatest> = {}): MeterLatest => ({
  meter: waterMeter,
  online: true,
  lastSeenAt: 5000,
  values: [{ code: 'm3', unit: 'm³', value: 88.1, ts: 5000 }],
  ...patch,
});
const series = (points: [number, number][]): MeterSeries => ({
  meter: waterMeter,
  metric: { code: 'm3', unit: 'm³' },
  total: points.length,
  bucketMs: 0,
  points,
});
const page = (rows: MeterHistoryPage['rows'], total = rows.length): MeterHistoryPage => ({
  meter: waterMeter,
  metric: { code: 'm3', unit: 'm³' },
  total,
  rows,
});

function setup() {
  const api = {
    latest: vi.fn(async () => latest()),
    series: vi.fn(async () =>
      series([
        [1000, 1],
        [2000, 2],
      ]),
    ),
    history: vi.fn(async () =>
      page(
        [
          { ts: 2000, value: 2 },
          { ts: 1000, value: 1 },
        ],
        45,
      ),
    ),
  };
  const refused = vi.fn();
  const controller = new MeterHistoryController(api, async () => [{ id: 12, name: 'M012 Canteen water' }], refused);
  return { api, refused, controller };
}

describe('meter history controller', () => {
  it('picks the metric from the meter energy type, then queries series and the newest table page', async () => {
    const { api, controller } = setup();
    controller.setRange({ from: 1000, to: 9000, shortcut: null });
    await controller.selectMeter(12);
    expect(api.latest).toHaveBeenCalledWith(12);
    expect(controller.metric).toBe('m3');
    expect(controller.metricChoices).toEqual(['energy', 'm3', 'flow']);
    const query = { meterId: 12, metric: 'm3', from: 1000, to: 9000 };
    expect(api.series).toHaveBeenCalledWith(query);
    expect(api.history).toHaveBeenCalledWith({ ...query, page: 1, size: 20, order: 'desc' });
    expect(controller.applied).toEqual(query);
    expect(controller.rows).toEqual([
      { ts: 2000, value: 2 },
      { ts: 1000, value: 1 },
    ]);
    expect(controller.total).toBe(45);
    expect(controller.emptyReason).toBeNull();
    expect(controller.canExport).toBe(true);
  });

  it('pages the applied query, not what the toolbar holds since', async () => {
    const { api, controller } = setup();
    controller.setRange({ from: 1000, to: 9000, shortcut: null });
    await controller.selectMeter(12);
    controller.setRange({ from: 3000, to: 4000, shortcut: null });
    await controller.setPage(3, 20);
    expect(api.history).toHaveBeenLastCalledWith({ meterId: 12, metric: 'm3', from: 1000, to: 9000, page: 3, size: 20, order: 'desc' });
    expect(controller.page).toBe(3);
    await controller.setPage(3, 50);
    expect(controller.page).toBe(1);
    expect(api.history).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, size: 50 }));
  });

  it('refuses a range over 92 days without calling the server, clears the screen and says so once', async () => {
    const { api, refused, controller } = setup();
    controller.setRange({ from: 1000, to: 9000, shortcut: null });
    await controller.selectMeter(12);
    api.series.mockClear();
    api.history.mockClear();
    controller.setRange({ from: 0, to: MAX_HISTORY_RANGE_MS + 1, shortcut: null });
    expect(await controller.query()).toBe('outOfRange');
    expect(api.series).not.toHaveBeenCalled();
    expect(api.history).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledOnce();
    expect(controller.series).toBeNull();
    expect(controller.rows).toEqual([]);
    expect(controller.total).toBe(0);
    expect(controller.emptyReason).toBe('outOfRange');
    expect(controller.canExport).toBe(false);
  });

  it('refuses a range that ends before it starts', async () => {
    const { api, refused, controller } = setup();
    controller.setRange({ from: 9000, to: 1000, shortcut: null });
    await controller.selectMeter(12);
    expect(api.series).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledOnce();
    expect(controller.emptyReason).toBe('outOfRange');
  });

  it.each([
    [20002, 'No history was queried for this device!', 'noHistory'],
    [20003, 'Time out of range!', 'outOfRange'],
    [50000, 'Internal server error', 'failed'],
  ] as const)('empties chart and table when the server answers %i', async (code, text, reason) => {
    const { api, refused, controller } = setup();
    controller.setRange({ from: 1000, to: 9000, shortcut: null });
    await controller.selectMeter(12);
    api.series.mockRejectedValueOnce(new ApiError(code, text));
    api.history.mockRejectedValueOnce(new ApiError(code, text));
    expect(await controller.query()).toBe(reason);
    expect(controller.emptyReason).toBe(reason);
    expect(controller.series).toBeNull();
    expect(controller.rows).toEqual([]);
    expect(controller.canExport).toBe(false);
    // The api hook toasts the server's message; the controller adds nothing.
    expect(refused).not.toHaveBeenCalled();
  });

  it('drops an older meter answer that arrives after a newer pick', async () => {
    const { api, controller } = setup();
    let answerFirst: (value: MeterLatest) => void = () => undefined;
    api.latest.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    const first = controller.selectMeter(5);
    await controller.selectMeter(12);
    answerFirst(latest({ meter: { ...waterMeter, id: 5, code: 'M005', energyType: 'electricity', unit: 'kWh' } }));
    await first;
    expect(controller.meterId).toBe(12);
    expect(controller.latest?.meter.code).toBe('M012');
    expect(api.series).toHaveBeenCalledOnce();
  });

  it('does not query a meter whose latest values could not be read', async () => {
    const { api, controller } = setup();
    api.latest.mockRejectedValueOnce(new ApiError(40400, 'meter 99 was not found'));
    await controller.selectMeter(99);
    expect(api.series).not.toHaveBeenCalled();
    expect(controller.latestLoading).toBe(false);
    expect(controller.emptyReason).toBe('noMeter');
  });

  it('re-queries when the metric changes', async () => {
    const { api, controller } = setup();
    controller.setRange({ from: 1000, to: 9000, shortcut: null });
    await controller.selectMeter(12);
    await controller.setMetric('flow');
    expect(api.series).toHaveBeenLastCalledWith({ meterId: 12, metric: 'flow', from: 1000, to: 9000 });
  });

  it('loads the meter picker choices', async () => {
    const { controller } = setup();
    await controller.loadMeters();
    expect(controller.meters).toEqual([{ id: 12, name: 'M012 Canteen water' }]);
    expect(controller.metersLoading).toBe(false);
  });
});

describe('opening on the main incomer', () => {
  it('selects the meter the rule finds and queries it at once', async () => {
    const { api, controller } = setup();
    await controller.openDefault(async () => 12);
    expect(controller.meterId).toBe(12);
    expect(api.latest).toHaveBeenCalledWith(12);
    expect(api.series).toHaveBeenCalledOnce();
    expect(controller.emptyReason).toBeNull();
  });

  it('leaves a meter the user picked while the rule was looking', async () => {
    const { api, controller } = setup();
    let answer: (id: number) => void = () => undefined;
    const opening = controller.openDefault(() => new Promise((resolve) => (answer = resolve)));
    await controller.selectMeter(12);
    answer(1);
    await opening;
    expect(controller.meterId).toBe(12);
    expect(api.latest.mock.calls).toEqual([[12]]);
  });

  it('does not look when a meter is already chosen', async () => {
    const { controller } = setup();
    await controller.selectMeter(12);
    const find = vi.fn(async () => 1);
    await controller.openDefault(find);
    expect(find).not.toHaveBeenCalled();
    expect(controller.meterId).toBe(12);
  });

  it('keeps asking for a meter when the tree has none or the lookup fails', async () => {
    const { api, controller } = setup();
    await controller.openDefault(async () => undefined);
    await controller.openDefault(() => Promise.reject(new Error('offline')));
    expect(controller.meterId).toBeUndefined();
    expect(controller.emptyReason).toBe('noMeter');
    expect(api.latest).not.toHaveBeenCalled();
  });
});
