// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { BillStatsRow, CashUpRow, ChargingStatsRow, ConsumptionStatsRow, ReconciliationDay, ReconciliationItem } from '@shared/prepaid';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// The chart as its series (jsdom has no canvas): names and values are what a person would read off it.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { name: string; data: (number | { name: string; value: number })[] }[] } }) => (
    <ol data-testid="echart">
      {option.series.map((series) => (
        <li
          key={series.name}
        >{`${series.name}: ${series.data.map((point) => (typeof point === 'number' ? point : `${point.name}=${point.value}`)).join(', ')}`}</li>
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
const viewer: UserInfo = { ...admin, _id: 3, username: 'viewer', trueName: 'Vic Viewer', roles: [{ _id: 3, name: 'finance viewer' }] };
type Answers = Partial<Record<string, (body: unknown) => FakeReply>>;

function renderScreen(path: string, answers: Answers, options: { language?: 'en' | 'zh' | 'es'; routers?: string[]; user?: UserInfo } = {}) {
  const sent: { route: string; body: unknown }[] = [];
  renderConsole({
    path,
    token: 'jwt',
    language: options.language ?? 'en',
    ...(options.routers ? { routers: options.routers } : {}),
    server: (route, body) => {
      sent.push({ route, body });
      return answers[route]?.(body) ?? envelope(options.user ?? admin);
    },
  });
  return sent;
}
const findFirst = (testId: string) => screen.findByTestId(testId, {}, { timeout: 30_000 });
const rawKeys = () => document.body.textContent?.match(/\b(paymentStatistics|lists)\.[\w.]+/g) ?? [];

const consumption: ConsumptionStatsRow[] = [
  { key: 'peak', label: 'peak', energyMilli: 120_500, chargesMinor: 10_845, feesMinor: 0 },
  { key: 'valley', label: 'valley', energyMilli: 300_000, chargesMinor: 9_150, feesMinor: 0 },
  { key: 'none', label: 'Fixed fees', energyMilli: 0, chargesMinor: 0, feesMinor: 3_000 },
];

describe('payment statistics', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('consumption by band: bands in Chinese, a stacked chart and the totals row', async () => {
    renderScreen(
      '/payment-statistics/consumption-statistics',
      {
        'GET /prepaid/stats/consumption': () =>
          envelope({ rows: consumption, total: { key: 'total', label: '', energyMilli: 420_500, chargesMinor: 19_995, feesMinor: 3_000 } }),
      },
      { language: 'zh' },
    );
    const table = await findFirst('consumption-table');
    fireEvent.click(within(await findFirst('consumption-by')).getByText('时段'));
    await waitFor(() => expect(within(table).getAllByText('时段').length).toBe(1));
    await waitFor(() => expect(within(table).getByTestId('consumption-grand-total').textContent).toBe('229.95'));
    expect(within(table).getByText('高峰')).toBeTruthy();
    expect(within(table).getByText('120.50')).toBeTruthy();
    expect(within(table).getByText('420.50')).toBeTruthy();
    expect(within(table).getByTestId('consumption-total-peak').textContent).toBe('108.45');
    expect(within(table).getByText('固定费用（无时段）')).toBeTruthy();
    expect(screen.getByTestId('echart').textContent).toContain('能耗费用: 108.45, 91.5, 0');
    expect(screen.getByTestId('echart').textContent).toContain('固定费用: 0, 0, 30');
    expect(rawKeys()).toEqual([]);
  });

  it('top-ups by channel: a pie of the amounts and the table with what was kept', async () => {
    const rows: ChargingStatsRow[] = [
      { key: 'cash', label: 'cash', count: 3, amountMinor: 45_000, serviceFeeMinor: 1_125, refundedMinor: 5_000 },
      { key: 'wechat', label: 'wechat', count: 12, amountMinor: 120_050, serviceFeeMinor: 3_001, refundedMinor: 0 },
    ];
    renderScreen('/payment-statistics/charging-statistics', { 'GET /prepaid/stats/charging': () => envelope({ rows, total: 2 }) });
    const table = await findFirst('charging-table');
    await waitFor(() => expect(within(table).getByTestId('charging-total-amount').textContent).toBe('1,650.50'));
    expect(within(table).getByTestId('charging-total-kept').textContent).toBe('1,600.50');
    expect(within(table).getByText('WeChat Pay')).toBeTruthy();
    expect(within(table).getByText('15')).toBeTruthy();
    expect(screen.getByTestId('echart').textContent).toBe('Amount: Cash=450, WeChat Pay=1200.5');
  });

  it('bills per month: counts and the outstanding amount', async () => {
    const rows: BillStatsRow[] = [
      { month: '2026-09', issued: 40, paid: 38, overdue: 2, chargesMinor: 1_234_500, outstandingMinor: 20_010 },
      { month: '2026-10', issued: 41, paid: 35, overdue: 0, chargesMinor: 1_300_000, outstandingMinor: 0 },
    ];
    renderScreen('/payment-statistics/billrecord-statistics', { 'GET /prepaid/stats/bills': () => envelope({ rows }) }, { language: 'es' });
    const table = await findFirst('bill-stats-table');
    await waitFor(() => expect(within(table).getByTestId('bill-stats-outstanding-2026-09').textContent).toBe('200.10'));
    expect(within(table).getByText('12,345.00')).toBeTruthy();
    expect(screen.getByTestId('echart').textContent).toContain('Vencidas: 2, 0');
    expect(rawKeys()).toEqual([]);
  });

  it('reconciliation: a day with differences, resolving one with a text, running a day, and a cash-up', async () => {
    const day: ReconciliationDay = {
      day: '2026-11-20',
      state: 'done',
      providerCount: 3,
      providerMinor: 30_000,
      ledgerCount: 3,
      ledgerMinor: 29_000,
      differences: 2,
      error: '',
      runAt: Date.parse('2026-11-21T02:00:00Z'),
    };
    const item = (id: number, over: Partial<ReconciliationItem>): ReconciliationItem => ({
      id,
      day: '2026-11-20',
      kind: 'missing_in_ledger',
      outTradeNo: `T${id}`,
      providerTxnId: `4200${id}`,
      paymentId: null,
      ledgerMinor: null,
      providerMinor: 10_000,
      reason: 'Paid at the provider, no payment in the ledger',
      state: 'open',
      resolution: '',
      resolvedBy: null,
      resolvedAt: null,
      ...over,
    });
    let items = [item(1, {}), item(2, { kind: 'amount_mismatch', ledgerMinor: 9_000, providerMinor: 10_000, reason: 'Amounts differ', paymentId: 5 })];
    const cashUp: CashUpRow = {
      id: 1,
      operator: 'admin',
      day: '2026-11-26',
      declaredMinor: 120_000,
      ledgerMinor: 125_000,
      differenceMinor: -5_000,
      note: '',
      createdAt: Date.now(),
    };
    const sent = renderScreen('/payment-statistics/reconciliation', {
      'GET /prepaid/reconciliation/days': () => envelope({ list: [day], total: 1 }),
      'GET /prepaid/reconciliation/items': () => envelope({ list: items, total: items.length }),
      'POST /prepaid/reconciliation/items/2/resolve': (body) => {
        items = items.map((row) =>
          row.id === 2
            ? { ...row, state: 'resolved', resolution: (body as { resolution: string }).resolution, resolvedBy: 'admin', resolvedAt: Date.now() }
            : row,
        );
        return envelope(items[1]);
      },
      'POST /prepaid/reconciliation/run': () => envelope(day),
      'GET /prepaid/cash-ups': () => envelope({ list: [], total: 0 }),
      'POST /prepaid/cash-ups': () => envelope(cashUp),
    });
    const dayRow = await findFirst('recon-day-2026-11-20');
    expect(dayRow.textContent).toContain('300.00');
    expect(dayRow.textContent).toContain('290.00');
    expect(dayRow.textContent).toContain('3 payments');
    fireEvent.click(within(dayRow).getByTestId('recon-day-differences-2026-11-20'));
    const mismatch = await findFirst('recon-item-2');
    expect(within(mismatch).getByText('Amount mismatch')).toBeTruthy();
    expect(within(mismatch).getByTestId('recon-item-ledger-2').textContent).toBe('90.00');
    expect(within(mismatch).getByTestId('recon-item-provider-2').textContent).toBe('100.00');
    expect(within(await findFirst('recon-item-1')).getByTestId('recon-item-ledger-1').textContent).toBe('—');

    fireEvent.click(within(mismatch).getByTestId('recon-item-resolve-2'));
    fireEvent.click(await findFirst('resolve-ok'));
    expect(await screen.findByText('Say how the difference was resolved')).toBeTruthy();
    fireEvent.change(screen.getByTestId('resolve-text'), { target: { value: 'Provider fee deducted; agreed with finance' } });
    fireEvent.click(screen.getByTestId('resolve-ok'));
    await waitFor(() =>
      expect(sent.find((r) => r.route === 'POST /prepaid/reconciliation/items/2/resolve')?.body).toEqual({
        resolution: 'Provider fee deducted; agreed with finance',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('recon-item-state-2').textContent).toContain('Provider fee deducted; agreed with finance'));

    fireEvent.click(screen.getByRole('tab', { name: 'Days' }));
    fireEvent.click(await findFirst('recon-run'));
    await waitFor(() =>
      expect(sent.find((r) => r.route === 'POST /prepaid/reconciliation/run')?.body).toEqual({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Cash-ups' }));
    fireEvent.change(await findFirst('cash-up-amount'), { target: { value: '1,200' } });
    fireEvent.click(screen.getByTestId('cash-up-save'));
    await waitFor(() => expect(sent.find((r) => r.route === 'POST /prepaid/cash-ups')?.body).toMatchObject({ declaredMinor: 120_000, note: '' }));
    expect((await findFirst('cash-up-result')).textContent).toBe(
      'Cash-up of 2026-11-26: declared 1,200.00, counter top-ups 1,250.00, difference -50.00; it is in the differences queue',
    );
    expect(rawKeys()).toEqual([]);
  });

  it('a role with the screen only sees the queue but cannot run, resolve or record', async () => {
    renderScreen(
      '/payment-statistics/reconciliation',
      {
        'GET /prepaid/reconciliation/days': () => envelope({ list: [], total: 0 }),
        'GET /prepaid/reconciliation/items': () => envelope({ list: [], total: 0 }),
        'GET /prepaid/cash-ups': () => envelope({ list: [], total: 0 }),
      },
      { routers: ['/payment-statistics', '/payment-statistics/reconciliation'], user: viewer },
    );
    await findFirst('recon-days-table');
    expect(screen.queryByTestId('recon-run')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Cash-ups' }));
    await findFirst('cash-ups-table');
    expect(screen.queryByTestId('cash-up-form')).toBeNull();
  });
});
