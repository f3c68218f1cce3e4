// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@shared/format';
import type { ExportJob, MeterHistoryPage, MeterLatest, MeterSeries } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart wrapper is replaced by a list of its points, so the option is still checked.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { data: [number, number][] }[] } }) => (
    <ol data-testid="echart">
      {(option.series[0]?.data ?? []).map(([ts, value]) => (
        <li key={ts}>{`${ts}=${value}`}</li>
      ))}
    </ol>
  ),
}));

const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};
const meter = { id: 12, code: 'M012', name: 'Canteen water', energyType: 'water', unit: 'm³' };
const T1 = new Date(2026, 10, 20, 8, 0, 0).getTime();
const T2 = new Date(2026, 10, 20, 8, 15, 0).getTime();
const metric = { code: 'm3', unit: 'm³' };

const latest: MeterLatest = {
  meter,
  online: true,
  lastSeenAt: Date.now() - 5 * 60_000,
  values: [
    { code: 'm3', unit: 'm³', value: 1234.567, ts: T2 },
    { code: 'flow', unit: 'm³/h', value: 3.2, ts: T2 },
  ],
};
const series: MeterSeries = {
  meter,
  metric,
  total: 2,
  bucketMs: 0,
  points: [
    [T1, 88.1],
    [T2, 1234.567],
  ],
};
const historyPage: MeterHistoryPage = {
  meter,
  metric,
  total: 2,
  rows: [
    { ts: T2, value: 1234.567 },
    { ts: T1, value: 88.1 },
  ],
};

type Answers = Partial<Record<string, () => FakeReply>>;

function renderMeterData(answers: Answers = {}, path = '/base/meterData?meterId=12') {
  const defaults: Answers = {
    'GET /meters/options': () =>
      envelope([
        { id: 12, name: 'M012 Canteen water' },
        { id: 1, name: 'M001 Plant incomer' },
      ]),
    'GET /meters': () =>
      envelope({
        total: 2,
        rows: [
          { id: 1, code: 'M001', name: 'Plant incomer', energyType: 'electricity', isMain: true, departmentId: 5 },
          { id: 12, code: 'M012', name: 'Canteen water', energyType: 'water', isMain: false, departmentId: 5 },
        ],
      }),
    'GET /departments/options': () => envelope([{ id: 5, name: 'Main Plant', parentId: null }]),
    'GET /meter-data/latest': () => envelope(latest),
    'GET /meter-data/series': () => envelope(series),
    'GET /meter-data/history': () => envelope(historyPage),
  };
  return renderConsole({
    path,
    token: 'jwt',
    server: (route) => (answers[route] ?? defaults[route])?.() ?? envelope(admin),
  });
}

/** The first render loads the whole console and the lazy screen: on a busy machine that takes a while. */
const FIRST_RENDER = { timeout: 15_000 };

const noHistory = () => ({ status: 404, ...envelope(null, 20002, 'No history was queried for this device!') });

describe('MeterDataPage', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('opens the meter named in the address: latest values, chart and the table newest first', async () => {
    const { requests } = renderMeterData();
    const table = await screen.findByTestId('meter-data-table', {}, FIRST_RENDER);
    await within(table).findByText(formatDateTime(T2), {}, FIRST_RENDER);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([`${formatDateTime(T2)}1,234.567`, `${formatDateTime(T1)}88.1`]);
    expect(within(table).getByText('Value (m³)')).toBeTruthy();
    expect(screen.getByText('2 readings', { selector: '.ant-pagination-total-text' })).toBeTruthy();

    expect(screen.getAllByTestId('echart')[0]?.textContent).toBe(`${T1}=88.1${T2}=1234.567`);
    expect(screen.queryByTestId('meter-data-bucket')).toBeNull();

    expect(screen.getByTestId('meter-latest-meter').textContent).toBe('M012 Canteen water');
    expect(screen.getByTestId('meter-latest-state').textContent).toBe('Online');
    expect(screen.getByTestId('meter-latest-seen').textContent).toBe('Last seen 5 min ago');
    expect(screen.getByTestId('meter-latest-m3').textContent).toBe('Volume1,234.567m³');
    expect(screen.getByTestId('meter-latest-flow').textContent).toBe('Flow rate3.2m³/h');
    // A water meter: the register m³ is the default metric.
    expect(screen.getByTestId('meter-data-metric').textContent).toContain('Volume (m³)');
    expect(requests.filter((route) => route.startsWith('GET /meter-data/'))).toEqual([
      'GET /meter-data/latest',
      'GET /meter-data/series',
      'GET /meter-data/history',
    ]);
  });

  it('says how the server bucketed a long range', async () => {
    renderMeterData({ 'GET /meter-data/series': () => envelope({ ...series, total: 9000, bucketMs: 900_000 }) });
    expect((await screen.findByTestId('meter-data-bucket', {}, FIRST_RENDER)).textContent).toBe('Last value per 15 minutes');
    expect(screen.getByText('9000 readings')).toBeTruthy();
  });

  it('shows the empty state and one toast when the server has no history for the range', async () => {
    renderMeterData({ 'GET /meter-data/series': noHistory, 'GET /meter-data/history': noHistory });
    expect(await screen.findByText('No history was queried for this device!', {}, FIRST_RENDER)).toBeTruthy();
    expect(await screen.findAllByText('No readings for this meter and metric in the chosen range.')).toHaveLength(2);
    // Two calls failed with the same message: one toast.
    expect(screen.getAllByText('No history was queried for this device!')).toHaveLength(1);
    expect(screen.queryByTestId('echart')).toBeNull();
    expect((screen.getByTestId('meter-data-export-csv') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a range over 92 days before calling the server, with the catalogue text', async () => {
    const { requests } = renderMeterData();
    await screen.findByText(formatDateTime(T2), {}, FIRST_RENDER);
    const calls = requests.length;
    const [start, end] = screen.getAllByTestId('meter-data-range') as HTMLInputElement[];
    fireEvent.mouseDown(start!);
    fireEvent.focus(start!);
    fireEvent.change(start!, { target: { value: '2026-01-01 00:00:00' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(end!, { target: { value: '2026-06-01 00:00:00' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    expect([start!.value, end!.value]).toEqual(['2026-01-01 00:00:00', '2026-06-01 00:00:00']);
    fireEvent.click(screen.getByTestId('meter-data-query'));
    expect(await screen.findByText('Time out of range!')).toBeTruthy();
    expect(await screen.findAllByText('Choose a range of at most 92 days that ends after it starts.')).toHaveLength(2);
    expect(requests.slice(calls).filter((route) => route.startsWith('GET /meter-data/'))).toEqual([]);
  });

  it('opens on the main incomer when no meter is named, and queries it at once', async () => {
    const { requests } = renderMeterData({}, '/base/meterData');
    const table = await screen.findByTestId('meter-data-table', {}, FIRST_RENDER);
    await within(table).findByText(formatDateTime(T2), {}, FIRST_RENDER);
    expect(requests).toContain('GET /meters');
    expect(requests).toContain('GET /departments/options');
    expect(requests.filter((route) => route.startsWith('GET /meter-data/'))).toEqual([
      'GET /meter-data/latest',
      'GET /meter-data/series',
      'GET /meter-data/history',
    ]);
    expect(screen.queryByText('Choose a meter to see its history.')).toBeNull();
  });

  it('opens the named meter without looking for the main incomer', async () => {
    const { requests } = renderMeterData();
    await screen.findByText(formatDateTime(T2), {}, FIRST_RENDER);
    expect(requests).not.toContain('GET /meters');
  });

  it('asks for a meter when the tree has none', async () => {
    const { requests } = renderMeterData(
      { 'GET /meters': () => envelope({ total: 0, rows: [] }), 'GET /meters/options': () => envelope([]) },
      '/base/meterData',
    );
    expect(await screen.findAllByText('Choose a meter to see its history.', {}, FIRST_RENDER)).toHaveLength(2);
    expect(requests).toContain('GET /meters');
    expect(requests.some((route) => route.startsWith('GET /meter-data/'))).toBe(false);
  });

  it('exports CSV with progress and saves the file under the job name', async () => {
    const running: ExportJob = { id: 'x1', state: 'running', format: 'csv', fileName: 'M012-m3.csv', rowsWritten: 1, totalRows: 2, progress: 0.5, error: null };
    const states = [running, { ...running, state: 'done' as const, rowsWritten: 2, progress: 1 }];
    const file = new Blob(['ts,value\n']);
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('M012-m3.csv');
      expect(this.href).toBe('blob:export');
    });
    const { requests } = renderMeterData({
      'POST /meter-data/exports': () => envelope({ ...running, rowsWritten: 0 }),
      'GET /meter-data/exports/x1': () => envelope(states.shift()),
      'GET /meter-data/exports/x1/file': () => ({ body: file }),
    });
    await screen.findByText(formatDateTime(T2), {}, FIRST_RENDER);
    fireEvent.click(screen.getByTestId('meter-data-export-csv'));
    expect(await screen.findByText('Export CSV', { selector: '.ant-modal-title' })).toBeTruthy();
    await screen.findByText('1 of 2 rows written', {}, { timeout: 3000 });
    expect((await screen.findByTestId('meter-data-export-done', {}, { timeout: 3000 })).textContent).toBe('Saved as M012-m3.csv');
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(click).toHaveBeenCalledOnce();
    expect(requests.filter((route) => route.includes('/exports'))).toEqual([
      'POST /meter-data/exports',
      'GET /meter-data/exports/x1',
      'GET /meter-data/exports/x1',
      'GET /meter-data/exports/x1/file',
    ]);
    await act(async () => fireEvent.click(screen.getByTestId('meter-data-export-close')));
  });
});
