// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { DepartmentNode } from '@shared/resources';
import type { SettlementClose, SettlementFigures, SettlementLine } from '@shared/schemas/settlement';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

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
const dept = (id: number, name: string, code: string): DepartmentNode => ({ id, name, code, parentId: null, level: 1, sort: id, meterCount: 1 });
const TREE = [dept(1, 'Tenant A', 'T-A'), dept(2, 'Tenant B', 'T-B')];

const line = (id: number, name: string, code: string, over: Partial<SettlementLine> = {}): SettlementLine => ({
  key: `department:${id}:electricity`,
  scope: 'department',
  id,
  code,
  name,
  parentId: null,
  nested: false,
  energyType: 'electricity',
  unit: 'kWh',
  bands: [
    { band: 'peak', energy: 20, estimated: 0, priceMicro: 900_000, mixedPrices: false, costMinor: 1800 },
    { band: 'valley', energy: 40, estimated: 5, priceMicro: 305_000, mixedPrices: false, costMinor: 1220 },
  ],
  unpricedEnergy: 0,
  tier: { costMinor: 0, parts: [] },
  apportioned: { energy: 0, costMinor: 0, items: [] },
  energy: 60,
  costMinor: 3020,
  totalEnergy: 60,
  totalCostMinor: 3020,
  estimated: 5,
  ...over,
});

const figures = (closed = false): SettlementFigures => ({
  from: '2026-10-01',
  to: '2026-10-31',
  by: 'department',
  timeZone: 'Asia/Shanghai',
  lines: [line(1, 'Tenant A', 'T-A'), line(2, 'Tenant B', 'T-B', { totalCostMinor: 123_456 })],
  totals: [
    {
      energyType: 'electricity',
      unit: 'kWh',
      bands: [
        { band: 'peak', energy: 40, estimated: 0, priceMicro: 900_000, mixedPrices: false, costMinor: 3600 },
        { band: 'valley', energy: 80, estimated: 10, priceMicro: 305_000, mixedPrices: false, costMinor: 2440 },
      ],
      unpricedEnergy: 0,
      tierCostMinor: 0,
      apportionedEnergy: 0,
      apportionedCostMinor: 0,
      energy: 120,
      costMinor: 6040,
      totalEnergy: 120,
      totalCostMinor: 126_476,
      estimated: 10,
    },
  ],
  tariffVersions: [],
  closed: closed ? { snapshotId: 7, month: '2026-10', version: 1, closedAt: Date.parse('2026-11-02T09:00:00Z'), closedBy: 'admin' } : null,
  compare: null,
});
const closeRow: SettlementClose = {
  id: 7,
  month: '2026-10',
  version: 1,
  state: 'closed',
  closedBy: 'admin',
  closedAt: Date.parse('2026-11-02T09:00:00Z'),
  reopenedBy: null,
  reopenedAt: null,
  reopenReason: null,
  tariffVersions: [],
  diff: null,
  totals: figures().totals,
};

type Answers = Partial<Record<string, (body: unknown) => FakeReply>>;

function renderSettlement(path: string, answers: Answers = {}, language: 'en' | 'zh' | 'es' = 'en') {
  const requests: { route: string; body: unknown }[] = [];
  const defaults: Answers = {
    'GET /departments/tree': () => envelope(TREE),
    'GET /settlement': () => envelope(figures()),
    'GET /settlement-closes': () => envelope([]),
  };
  const view = renderConsole({
    path,
    token: 'jwt',
    language,
    server: (route, body) => {
      requests.push({ route, body });
      return (answers[route] ?? defaults[route])?.(body) ?? envelope(admin);
    },
  });
  return { ...view, sent: requests };
}

const findFirst = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });
const rawKeys = () => document.body.textContent?.match(/\bsettlement\.[\w.]+/g) ?? [];

describe('settlement screens', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a table per energy type with band columns, estimated marks and the totals row, in Chinese', async () => {
    renderSettlement('/settlement/energy', {}, 'zh');
    const table = await findFirst('settlement-table-electricity');
    expect(within(table).getAllByText('高峰').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('低谷').length).toBeGreaterThan(0);
    expect(within(table).getByTestId('total-cost-T-B').textContent).toBe('1,234.56');
    expect(within(table).getByTestId('total-cost-electricity').textContent).toBe('1,264.76');
    // The band columns scroll sideways; the name stays on the left and the totals on the right (1366 px).
    expect(within(table).getByTestId('total-cost-T-B').closest('td')!.className).toContain('ant-table-cell-fix-end');
    expect(within(table).getByTestId('settlement-line-T-B').closest('td')!.className).toContain('ant-table-cell-fix-start');
    expect(within(table).getAllByLabelText('含估算用量（补全的缺数）').length).toBeGreaterThan(0);
    expect(rawKeys()).toEqual([]);
  });

  it('closes the month after confirming, and reopens a closed month only with a reason', async () => {
    let closed = false;
    const { sent } = renderSettlement('/settlement/energy', {
      'GET /settlement': () => envelope(figures(closed)),
      'GET /settlement-closes': () => envelope(closed ? [closeRow] : []),
      'POST /settlement-closes': () => {
        closed = true;
        return envelope(closeRow);
      },
      'POST /settlement-closes/7/reopen': () => envelope({ ...closeRow, state: 'reopened' }),
    });
    fireEvent.click(await findFirst('settlement-close'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((r) => r.route === 'POST /settlement-closes')).toBe(true));
    expect(await findFirst('settlement-closed')).toHaveProperty('textContent', expect.stringContaining('Closed: version 1 of'));
    fireEvent.click(await findFirst('settlement-reopen'));
    fireEvent.click(await findFirst('reopen-confirm'));
    expect(await screen.findByText('Give a reason for reopening')).toBeTruthy();
    expect(sent.some((r) => r.route === 'POST /settlement-closes/7/reopen')).toBe(false);
    fireEvent.change(screen.getByTestId('reopen-reason'), { target: { value: 'Meter M3 corrected' } });
    fireEvent.click(screen.getByTestId('reopen-confirm'));
    await waitFor(() => expect(sent.find((r) => r.route === 'POST /settlement-closes/7/reopen')?.body).toEqual({ reason: 'Meter M3 corrected' }));
  });

  it('exports as a job: progress, then the download', async () => {
    let polls = 0;
    const { sent } = renderSettlement('/settlement/energy-export', {
      'POST /settlement-exports': () =>
        envelope({
          id: 'a0b1c2d3-0000-4000-8000-000000000001',
          state: 'running',
          format: 'xlsx',
          fileName: 'settlement_department_2026-10.xlsx',
          progress: 0.2,
          error: null,
        }),
      'GET /settlement-exports/a0b1c2d3-0000-4000-8000-000000000001': () => {
        polls += 1;
        return envelope({
          id: 'a0b1c2d3-0000-4000-8000-000000000001',
          state: polls > 1 ? 'done' : 'running',
          format: 'xlsx',
          fileName: 'settlement_department_2026-10.xlsx',
          progress: polls > 1 ? 1 : 0.6,
          error: null,
        });
      },
    });
    fireEvent.click(await findFirst('export-start'));
    expect(await screen.findByTestId('export-download', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      expect.stringContaining('settlement_department_2026-10.xlsx'),
    );
    const body = sent.find((r) => r.route === 'POST /settlement-exports')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ by: 'department', format: 'xlsx', lang: 'en' });
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
  });
});
