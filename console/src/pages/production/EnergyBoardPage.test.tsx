// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaselineReport, LineCostReport, LineInfo, LineSecReport, LineShiftReport, ProductionBoard, SecFigures } from '@shared/production/api';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart lists its series and their values instead.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { name: string; data: unknown[] }[] } }) => (
    <ol data-testid="echart">
      {option.series.map((series) => (
        <li key={series.name}>{`${series.name}: ${JSON.stringify(series.data)}`}</li>
      ))}
    </ol>
  ),
}));

// The whole console and a lazy screen: slow on a busy machine, so the first paint may take a while.
const FIRST_PAINT = { timeout: 40_000 };
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
const factor = { kgcePerKwh: 0.1229, source: 'GB/T 2589-2020, electricity equivalent value 0.1229 kgce/kWh' };
const press: LineInfo = { id: 7, code: 'PRESS-1', name: 'Press line', energyType: 'electricity', departmentId: null, targetSecKwh: 2 };

/** Figures as the server computes them: SEC = energy / output, kgce = kWh × 0.1229, vs target = (sec − target) / target × 100. */
function figures(energy: number, standardOutput: number, targetSecKwh: number | null): SecFigures {
  const secKwh = standardOutput > 0 ? energy / standardOutput : null;
  return {
    energy,
    energyKgce: energy * 0.1229,
    standardOutput,
    secKwh,
    secKgce: secKwh === null ? null : secKwh * 0.1229,
    targetSecKwh,
    vsTargetPercent: secKwh === null || targetSecKwh === null ? null : ((secKwh - targetSecKwh) / targetSecKwh) * 100,
  };
}

const board: ProductionBoard = {
  from: '2026-11-01',
  to: '2026-11-02',
  factor,
  lines: [{ lineId: 7, code: 'PRESS-1', name: 'Press line', energyType: 'electricity', status: 'over', ...figures(2500, 1000, 2) }],
};
// Day 1: 1,200 kWh / 500 = 2.4 kWh per unit, 20 % over the target of 2; day 2: 1,300 kWh / 500 = 2.6, 30 % over.
// The range: 2,500 kWh / 1,000 = 2.5 kWh per unit = 0.30725 kgce per unit, 25 % over.
const sec: LineSecReport = {
  line: press,
  from: '2026-11-01',
  to: '2026-11-02',
  period: 'day',
  factor,
  total: figures(2500, 1000, 2),
  periods: [
    { period: '2026-11-01', from: '2026-11-01', to: '2026-11-01', ...figures(1200, 500, 2) },
    { period: '2026-11-02', from: '2026-11-02', to: '2026-11-02', ...figures(1300, 500, 2) },
  ],
  // Brake disc: 300 units × 2 = 600 standard units, 60 % of the output, so 1,500 kWh: 5 kWh per disc against 6.
  products: [
    {
      productId: 3,
      code: 'BRK-100',
      name: 'Brake disc',
      unit: 'pcs',
      standardCoefficient: 2,
      quantity: 300,
      share: 0.6,
      ...figures(1500, 300, 6),
      standardOutput: 600,
    },
  ],
};
const shifts: LineShiftReport = {
  line: press,
  from: '2026-11-01',
  to: '2026-11-02',
  factor,
  rows: [],
  shifts: [{ shiftId: 1, shiftName: 'Morning', ...figures(900, 300, 2) }],
  wholeDayOutput: 100,
  outsideShiftsEnergy: 40,
};
const baseline: BaselineReport = {
  line: press,
  baseline: { from: '2026-10-01', to: '2026-10-31', saved: true },
  model: {
    from: '2026-10-01',
    to: '2026-10-31',
    n: 3,
    a: 200,
    b: 2,
    r2: 0.98,
    points: [
      { day: '2026-10-01', standardOutput: 400, energy: 1000 },
      { day: '2026-10-02', standardOutput: 500, energy: 1200 },
      { day: '2026-10-03', standardOutput: 600, energy: 1400 },
    ],
  },
  problem: null,
  // Expected per reporting day: 200 + 2 × 500 = 1,200; Σ expected 2,400 − Σ actual 2,500 = −100 (−4.17 %).
  reporting: {
    from: '2026-11-01',
    to: '2026-11-02',
    days: [
      { day: '2026-11-01', standardOutput: 500, energy: 1200, expected: 1200, savings: 0 },
      { day: '2026-11-02', standardOutput: 500, energy: 1300, expected: 1200, savings: -100 },
    ],
    expected: 2400,
    actual: 2500,
    savings: -100,
    savingsPercent: (-100 / 2400) * 100,
  },
};
// Peak 1,000 kWh × 1.2 = 1,200.00; valley 1,500 kWh × 0.3 = 450.00; per unit of 1,000: 1.2000 and 0.4500.
const cost: LineCostReport = {
  line: press,
  from: '2026-11-01',
  to: '2026-11-02',
  currency: 'CNY',
  standardOutput: 1000,
  bands: [
    { band: 'peak', energy: 1000, costMinor: 120000, costPerUnitMinor: 120 },
    { band: 'valley', energy: 1500, costMinor: 45000, costPerUnitMinor: 45 },
  ],
  total: { energy: 2500, costMinor: 165000, costPerUnitMinor: 165 },
  unpricedEnergy: 0,
};

function productionServer(sent: string[] = []) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /production/board') return envelope(board);
    if (route === 'GET /production/lines/7/sec') return envelope(sec);
    if (route === 'GET /production/lines/7/shifts') return envelope(shifts);
    if (route === 'GET /production/lines/7/baseline') return envelope(baseline);
    if (route === 'GET /production/lines/7/cost') return envelope(cost);
    if (route === 'PUT /production/lines/7/baseline') {
      sent.push(`${route} ${JSON.stringify(body)}`);
      return envelope({ lineId: 7, from: '2026-10-01', to: '2026-10-31', updatedAt: 1 });
    }
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('/energyLine/energy-board', { timeout: 120_000 }, () => {
  afterEach(cleanup);

  it('shows SEC per line and period against the target in kWh and kgce, over-target rows marked, with the factor stated', async () => {
    renderConsole({ path: '/energyLine/energy-board', token: 'jwt', server: productionServer() });
    const table = await screen.findByTestId('sec-table', {}, FIRST_PAINT);
    await waitFor(() => expect(within(table).getByTestId('sec-row-7:total')).toBeTruthy());
    const total = within(table).getByTestId('sec-row-7:total');
    expect(within(total).getByTestId('sec-kwh').textContent).toBe('2.500');
    expect(within(total).getByTestId('sec-kgce').textContent).toBe('0.307');
    expect(total.textContent).toContain('2,500.00');
    expect(total.textContent).toContain('+25.0 %');
    expect(total.getAttribute('data-over')).toBe('true');
    const day2 = within(table).getByTestId('sec-row-7:2026-11-02');
    expect(within(day2).getByTestId('sec-kwh').textContent).toBe('2.600');
    expect(day2.textContent).toContain('+30.0 %');
    expect(within(table).getAllByTestId('sec-over')).toHaveLength(3);
    expect(screen.getByTestId('board-factor').textContent).toContain('kgce = kWh × 0.1229 kgce/kWh (GB/T 2589-2020');
    // The chart: one bar per day (both over target, so red) and the target as a dashed line.
    const chart = screen.getAllByTestId('echart')[0]!;
    expect(chart.textContent).toContain('Press line (PRESS-1): [{"value":2.4');
    expect(chart.textContent).toContain('Press line (PRESS-1) · Target: [2,2]');
  });

  it('shows the baseline model, the normalised savings and the cost per unit by band of the line', async () => {
    renderConsole({ path: '/energyLine/energy-board', token: 'jwt', server: productionServer() });
    const panel = await screen.findByTestId('baseline-panel', {}, FIRST_PAINT);
    await waitFor(() => expect(within(panel).getByTestId('baseline-n').textContent).toBe('3'));
    expect(within(panel).getByTestId('baseline-a').textContent).toBe('200.000');
    expect(within(panel).getByTestId('baseline-b').textContent).toBe('2.0000');
    expect(within(panel).getByTestId('baseline-r2').textContent).toBe('0.980');
    expect(within(panel).getByTestId('baseline-expected').textContent).toBe('2,400.00');
    expect(within(panel).getByTestId('baseline-actual').textContent).toBe('2,500.00');
    expect(within(panel).getByTestId('baseline-savings').textContent).toBe('-100.00 -4.2 %');
    expect(within(panel).getByTestId('baseline-explanation').textContent).toContain('making more alone is never counted as a saving');
    // Fitted line from the smallest output shown (400) to the largest (600): 200 + 2 × 400 = 1,000 and 200 + 2 × 600 = 1,400.
    expect(within(panel).getByTestId('echart').textContent).toContain('Fitted line: [[400,1000],[600,1400]]');

    const costs = await screen.findByTestId('cost-table');
    await waitFor(() => expect(within(costs).getByText('Peak')).toBeTruthy());
    expect(costs.textContent).toContain('1,200.00');
    expect(costs.textContent).toContain('0.4500');
    expect(within(costs).getByTestId('cost-per-unit-total').textContent).toBe('1.6500');
  });

  it('saves the baseline period with the edit button, and switches to products and shifts', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/energyLine/energy-board', token: 'jwt', server: productionServer(sent) });
    const save = await screen.findByTestId('baseline-save', {}, FIRST_PAINT);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual(['PUT /production/lines/7/baseline {"from":"2026-10-01","to":"2026-10-31"}']));

    fireEvent.click(within(screen.getByTestId('board-view')).getByText('Product'));
    fireEvent.click(screen.getByTestId('board-query'));
    const product = await screen.findByTestId('sec-row-7:3');
    // 1,500 kWh / 300 discs = 5 kWh per disc, 1 below the target of 6 (−16.7 %).
    expect(within(product).getByTestId('sec-kwh').textContent).toBe('5.000 / pcs');
    expect(product.textContent).toContain('-16.7 %');
    expect(product.getAttribute('data-over')).toBe('false');

    fireEvent.click(within(screen.getByTestId('board-view')).getByText('Shift'));
    fireEvent.click(screen.getByTestId('board-query'));
    const shift = await screen.findByTestId('sec-row-7:1');
    expect(within(shift).getByTestId('sec-kwh').textContent).toBe('3.000');
    expect(screen.getByTestId('shift-note').textContent).toContain('100.00 standard units');
  });
});
