// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { DepartmentNode } from '@shared/resources';
import type { BalanceResult, RankingResult, RollupResult } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart shows its series as text, so what would be drawn is still checked.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option, ariaLabel }: { option: { series?: { name?: string; data: unknown[] }[] }; ariaLabel?: string }) => (
    <div data-testid="echart" aria-label={ariaLabel}>
      {(option.series ?? []).map((series, i) => (
        <span key={i}>{`${series.name ?? ''}=${JSON.stringify(series.data)};`}</span>
      ))}
    </div>
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
const dept = (id: number, name: string, code: string, parentId: number | null, sort: number): DepartmentNode => ({
  id,
  name,
  code,
  parentId,
  level: parentId ? 2 : 1,
  sort,
  meterCount: 1,
});
const TREE = [dept(1, 'Main Plant', 'PLANT', null, 1), dept(2, 'Hall A', 'HALL-A', 1, 1), dept(3, 'Office Building', 'OFFICE', null, 2)];
const DAYS = ['2026-03-01', '2026-03-02'];

const rollups: RollupResult = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: DAYS,
  series: [
    {
      scopeId: 1,
      name: 'Main Plant',
      total: 1500.5,
      points: [
        { period: DAYS[0]!, energy: 1000.25 },
        { period: DAYS[1]!, energy: 500.25 },
      ],
    },
    {
      scopeId: 2,
      name: 'Hall A',
      total: 700,
      points: [
        { period: DAYS[0]!, energy: 300 },
        { period: DAYS[1]!, energy: 400 },
      ],
    },
    { scopeId: 3, name: 'Office Building', total: 99.5, points: [{ period: DAYS[1]!, energy: 99.5 }] },
  ],
};
const ranking: RankingResult = {
  unit: 'kWh',
  rows: [
    { scopeId: 1, name: 'Main Plant', energy: 1500.5, share: 0.94 },
    { scopeId: 3, name: 'Office Building', energy: 99.5, share: 0.06 },
  ],
};
const balance: BalanceResult = {
  department: { id: 1, name: 'Main Plant' },
  unit: 'kWh',
  hasMainMeter: true,
  mainMeter: { id: 1, code: 'M001', name: 'Plant incomer' },
  parts: [
    { kind: 'department', id: 2, name: 'Hall A', total: 700 },
    { kind: 'meter', id: 9, name: 'Yard lighting', total: 100 },
  ],
  periods: [
    { period: DAYS[0]!, parent: 1000.25, children: 400, unmetered: 600.25 },
    { period: DAYS[1]!, parent: 500.25, children: 400, unmetered: 100.25 },
  ],
  totals: { parent: 1500.5, children: 800, unmetered: 700.5, unmeteredShare: 700.5 / 1500.5 },
};

type Answers = Partial<Record<string, () => FakeReply>>;

function renderAnalysis(path: string, answers: Answers = {}, language: 'en' | 'zh' | 'es' = 'en') {
  const defaults: Answers = {
    'GET /departments/tree': () => envelope(TREE),
    'GET /subitems/options': () => envelope([{ id: 1, name: 'Lighting' }]),
    'GET /meters/options': () => envelope([{ id: 9, name: 'M009 Yard lighting' }]),
    'GET /energy/rollups': () => envelope(rollups),
    'GET /energy/ranking': () => envelope(ranking),
    'GET /energy/balance': () => envelope(balance),
  };
  return renderConsole({ path, token: 'jwt', language, server: (route) => (answers[route] ?? defaults[route])?.() ?? envelope(admin) });
}

/** The first element of a screen: the lazy screen and antd load slowly in jsdom on a busy machine. */
const findFirst = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

/** Catalogue keys of this namespace shown as text would mean a missing translation. */
const rawKeys = () => document.body.textContent?.match(/\banalysis\.[\w.]+/g) ?? [];

describe('analysis screens', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('/others/basic: periods down, items across, each item totalled at the foot', async () => {
    const { requests } = renderAnalysis('/others/basic');
    const table = await findFirst('basic-table');
    await within(table).findByText('2026-03-01');
    expect(within(table).getAllByText('Main Plant').length).toBeGreaterThan(0);
    // Main Plant, Hall A, Office Building across (the fake server answers all three).
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain(['2026-03-01', '1,000.25', '300', '0'].join(''));
    expect(rows).toContain(['2026-03-02', '500.25', '400', '99.5'].join(''));
    expect(screen.getByTestId('basic-total-1').textContent).toBe('1,500.5');
    expect(screen.getByTestId('basic-total-3').textContent).toBe('99.5');
    expect(screen.getByText('Energy per period (kWh)')).toBeTruthy();
    expect(screen.getByTestId('echart').textContent).toContain('Main Plant=[1000.25,500.25];');
    expect(requests).toContain('GET /energy/rollups');
    expect(rawKeys()).toEqual([]);
  });

  it('/others/basic: warns instead of asking the server for too many hours', async () => {
    const { requests } = renderAnalysis('/others/basic');
    await findFirst('basic-table');
    const asked = () => requests.filter((r) => r === 'GET /energy/rollups').length;
    await waitFor(() => expect(asked()).toBe(1));
    // A week of hours is within the 32 days: asked again.
    fireEvent.click(screen.getByText('Hourly'));
    await waitFor(() => expect(asked()).toBe(2));
    expect(screen.queryByTestId('analysis-range-too-long')).toBeNull();
    // The spec's "last three months" shortcut is too long for hours: a notice, no request.
    const firstDay = document.querySelector<HTMLInputElement>('.ant-picker-range input')!;
    fireEvent.mouseDown(firstDay);
    fireEvent.click(firstDay);
    fireEvent.click(await screen.findByText('Last three months'));
    const notice = await screen.findByTestId('analysis-range-too-long');
    expect(notice.textContent).toBe('Hourly figures cover at most 32 days: choose a shorter range or a coarser grain.');
    expect(asked()).toBe(2);
    fireEvent.click(screen.getByText('Daily'));
    await waitFor(() => expect(asked()).toBe(3));
    expect(screen.queryByTestId('analysis-range-too-long')).toBeNull();
  });

  it('/others/electricEnergy: site total, peak day, ranking and sub-item share', async () => {
    const topLevel = { ...rollups, series: rollups.series.filter((series) => series.scopeId !== 2) };
    renderAnalysis('/others/electricEnergy', { 'GET /energy/rollups': () => envelope(topLevel) });
    // The site: the top-level departments (Main Plant, Office Building) added per day, Hall A being inside the plant.
    const total = await findFirst('electric-total');
    await waitFor(() => expect(total.textContent).toContain('1,600'));
    expect(total.textContent).toContain('Electricity, Whole site');
    expect(screen.getByTestId('electric-peak').textContent).toContain('1,000.25');
    expect(screen.getByTestId('electric-peak').textContent).toContain('2026-03-01');
    const charts = screen.getAllByTestId('echart').map((chart) => chart.textContent);
    expect(charts).toContain('=[1500.5,99.5];');
    expect(charts).toContain('=[{"name":"Main Plant","value":1500.5},{"name":"Office Building","value":99.5}];');
    expect(charts).toContain('Whole site=[1000.25,599.75];');
    expect(rawKeys()).toEqual([]);
  });

  it('/others/electricBalance: main meter, metered parts, unmetered and its share; the parts stacked', async () => {
    renderAnalysis('/others/electricBalance');
    await findFirst('balance-totals');
    await waitFor(() => expect(screen.getByTestId('balance-parent').textContent).toContain('1,500.5'));
    expect(screen.getByTestId('balance-parent').textContent).toContain('M001 · Plant incomer');
    expect(screen.getByTestId('balance-children').textContent).toContain('800');
    expect(screen.getByTestId('balance-unmetered').textContent).toContain('700.5');
    expect(screen.getByTestId('balance-unmetered-share').textContent).toContain('46.7%');
    expect(screen.getByTestId('balance-part-department-2').textContent).toBe('700');
    expect(within(screen.getByTestId('balance-parts')).getByText('46.7%')).toBeTruthy();
    // Hall A's stack from the department rollups, the main meter as the line.
    await waitFor(() => expect(screen.getByTestId('echart').textContent).toContain('Hall A=[300,400];'));
    expect(screen.getByTestId('echart').textContent).toContain('Main meter=[1000.25,500.25];');
    expect(rawKeys()).toEqual([]);
  });

  it('/others/electricBalance: says why a department without a main meter has nothing to balance', async () => {
    renderAnalysis('/others/electricBalance', { 'GET /energy/balance': () => envelope({ ...balance, hasMainMeter: false, mainMeter: null }) }, 'zh');
    const notice = await findFirst('balance-no-main');
    expect(notice.textContent).toContain('Main Plant 没有电能总表');
    expect(notice.textContent).toContain('没有总表时，部门的用电量就是其下级部门和仪表之和');
    expect(screen.queryByTestId('balance-totals')).toBeNull();
    expect(screen.getByTestId('balance-part-meter-9').textContent).toBe('100');
    expect(rawKeys()).toEqual([]);
  });

  it('/devices/departRecord: departments in tree order, indented, totalled, the site at the foot, exported as CSV', async () => {
    renderAnalysis('/devices/departRecord', {}, 'es');
    const table = await findFirst('record-table');
    await waitFor(() => expect(within(table).getAllByText('2026-03-02').length).toBeGreaterThan(0));
    expect(screen.getByTestId('record-name-HALL-A').style.paddingLeft).toBe('18px');
    expect(screen.getByTestId('record-total-PLANT').textContent).toBe('1,500.5');
    expect(screen.getByTestId('record-site-total').textContent).toBe('1,600');
    expect(screen.getByText('Sitio (departamentos de primer nivel)')).toBeTruthy();

    let exported: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      exported = blob as Blob;
      return 'blob:record';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('record-export'));
    const csv = await exported!.text();
    expect(csv.split('\r\n').slice(0, 2)).toEqual(['Departamento,Código,Nivel,2026-03-01,2026-03-02,Total (kWh)', 'Main Plant,PLANT,1,1000.25,500.25,1500.5']);
    expect(rawKeys()).toEqual([]);
  });
});
