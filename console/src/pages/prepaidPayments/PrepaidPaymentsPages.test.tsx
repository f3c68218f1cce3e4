// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { AccountRow, BillRow, PaymentRow, Receipt, RefundRow } from '@shared/prepaid';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const operator: UserInfo = {
  _id: 2,
  username: 'counter',
  trueName: 'Cathy Counter',
  email: 'c@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 2, name: 'cashier' }],
  status: true,
  type: 0,
};

const PAID_AT = Date.parse('2026-11-20T08:30:00Z');
const payment = (id: number, over: Partial<PaymentRow> = {}): PaymentRow => ({
  id,
  accountId: 7,
  roomCode: 'B1-0304',
  memberName: 'Lin Hardware Co.',
  channel: 'cash',
  outTradeNo: `P2026112000${id}`,
  providerTxnId: null,
  amountMinor: 20_000,
  serviceFeeMinor: 500,
  refundedMinor: 0,
  state: 'paid',
  operator: 'counter',
  receiptNo: `R-000${id}`,
  note: '',
  createdAt: PAID_AT,
  paidAt: PAID_AT,
  ...over,
});
const account: AccountRow = {
  id: 7,
  roomId: 3,
  roomCode: 'B1-0304',
  building: 'B1',
  floor: '3',
  number: '0304',
  departmentName: null,
  memberId: 4,
  memberName: 'Lin Hardware Co.',
  billingMode: 'prepaid',
  currency: 'CNY',
  balanceMinor: -1_250,
  balanceLevel: 3,
  alarm1Minor: 5_000,
  alarm2Minor: 1_000,
  creditLimitMinor: 0,
  noCutFrom: null,
  noCutTo: null,
  noCutWeekends: false,
  noCutHolidays: false,
  keepSupply: false,
  supplyState: 'cut',
  roomState: 'cut',
  daysLeft: null,
  chargedUntil: PAID_AT,
  state: 'open',
  openedAt: PAID_AT,
};
const receipt: Receipt = {
  receiptNo: 'R-0009',
  siteName: 'Riverside Park',
  roomCode: 'B1-0304',
  building: 'B1',
  memberName: 'Lin Hardware Co.',
  channel: 'cash',
  amountMinor: 10_050,
  serviceFeeMinor: 251,
  creditedMinor: 9_799,
  balanceAfterMinor: 8_549,
  currency: 'CNY',
  operator: 'counter',
  paidAt: PAID_AT,
};
const bill = (id: number, over: Partial<BillRow> = {}): BillRow => ({
  id,
  accountId: 7,
  roomCode: 'B1-0304',
  memberName: 'Lin Hardware Co.',
  month: '2026-10',
  kind: 'invoice',
  openingMinor: 10_000,
  chargesMinor: 31_420,
  feesMinor: 3_000,
  topupsMinor: 20_000,
  refundsMinor: 0,
  adjustmentsMinor: -100,
  closingMinor: -4_520,
  lines: [
    { itemId: 1, name: 'Electricity', kind: 'charge', band: 'peak', energyMilli: 120_500, amountMinor: 10_845 },
    { itemId: 1, name: 'Electricity', kind: 'charge', band: 'valley', energyMilli: 300_000, amountMinor: 20_575 },
    { itemId: 2, name: 'Property fee', kind: 'fee', band: null, energyMilli: 0, amountMinor: 3_000 },
  ],
  dueDay: '2026-11-15',
  state: 'overdue',
  paidAt: null,
  createdAt: Date.parse('2026-11-01T00:05:00Z'),
  ...over,
});

type Answers = Partial<Record<string, (body: unknown) => FakeReply>>;

function renderScreen(path: string, answers: Answers = {}, options: { language?: 'en' | 'zh' | 'es'; routers?: string[] } = {}) {
  const sent: { route: string; body: unknown }[] = [];
  const view = renderConsole({
    path,
    token: 'jwt',
    language: options.language ?? 'en',
    ...(options.routers ? { routers: options.routers } : {}),
    server: (route, body) => {
      sent.push({ route, body });
      return answers[route]?.(body) ?? envelope(operator);
    },
  });
  return { ...view, sent };
}

const findFirst = (testId: string) => screen.findByTestId(testId, {}, { timeout: 30_000 });
const rawKeys = () => document.body.textContent?.match(/\b(prepaidPayments|lists)\.[\w.]+/g) ?? [];

describe('/pay/pay-record', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists payments with their figures, and a counter top-up ends on its printable receipt', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    let rows = [payment(1, { refundedMinor: 5_000 }), payment(2, { channel: 'wechat', state: 'unknown', receiptNo: null })];
    const { sent } = renderScreen('/pay/pay-record', {
      'GET /prepaid/payments': () => envelope({ list: rows, total: rows.length }),
      'GET /prepaid/accounts': () => envelope({ list: [account], total: 1 }),
      'POST /prepaid/payments/counter': () => {
        rows = [payment(9, { amountMinor: 10_050, serviceFeeMinor: 251, receiptNo: 'R-0009' }), ...rows];
        return envelope({ payment: rows[0], receipt });
      },
    });
    const row = await findFirst('payment-row-1');
    expect(within(row).getByTestId('payment-amount-1').textContent).toBe('200.00');
    expect(within(row).getByTestId('payment-refunded-1').textContent).toBe('50.00');
    expect(within(row).getByText('5.00')).toBeTruthy();
    expect(within(row).getByText('R-0001')).toBeTruthy();
    // The unknown online payment can be queried now, the paid one refunded, neither both.
    expect(screen.getByTestId('payment-query-2')).toBeTruthy();
    expect(screen.queryByTestId('payment-query-1')).toBeNull();
    expect(screen.queryByTestId('payment-refund-2')).toBeNull();
    expect(screen.getByTestId('payment-state-2').textContent).toBe('Unknown (querying)');

    fireEvent.click(screen.getByTestId('payments-topup'));
    const dialog = await findFirst('topup-dialog');
    // Nothing chosen, a malformed amount: both refused in the form, nothing sent.
    fireEvent.change(within(dialog).getByTestId('topup-amount'), { target: { value: '100.505' } });
    fireEvent.click(screen.getByTestId('topup-ok'));
    expect(await screen.findByText('Choose the room account to top up')).toBeTruthy();
    expect(await screen.findByText('Enter an amount such as 100 or 100.50 (at most two decimals)')).toBeTruthy();
    expect(sent.some((r) => r.route === 'POST /prepaid/payments/counter')).toBe(false);

    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('B1-0304 · B1 · balance CNY -12.50 · Lin Hardware Co.'));
    fireEvent.change(within(dialog).getByTestId('topup-amount'), { target: { value: '100.50' } });
    fireEvent.change(within(dialog).getByTestId('topup-note'), { target: { value: '  paid by the owner ' } });
    fireEvent.click(screen.getByTestId('topup-ok'));
    await waitFor(() =>
      expect(sent.find((r) => r.route === 'POST /prepaid/payments/counter')?.body).toEqual({
        accountId: 7,
        amountMinor: 10_050,
        channel: 'cash',
        note: 'paid by the owner',
      }),
    );
    const sheet = await findFirst('receipt-sheet');
    expect(sheet.textContent).toContain('Riverside Park');
    expect(sheet.textContent).toContain('Amount receivedCNY 100.50');
    expect(sheet.textContent).toContain('Service feeCNY 2.51');
    expect(sheet.textContent).toContain('Credited to the accountCNY 97.99');
    expect(sheet.textContent).toContain('Balance after top-upCNY 85.49');
    fireEvent.click(screen.getByTestId('receipt-print'));
    expect(print).toHaveBeenCalledTimes(1);
    expect(await findFirst('payment-row-9')).toBeTruthy();
    expect(rawKeys()).toEqual([]);
  });

  it('refunds at most what is left, with a reason, and lists earlier refunds', async () => {
    const earlier: RefundRow = {
      id: 3,
      paymentId: 1,
      outRefundNo: 'RF3',
      amountMinor: 5_000,
      state: 'success',
      reason: 'Moved out early',
      operator: 'counter',
      createdAt: PAID_AT,
      doneAt: PAID_AT,
    };
    const { sent } = renderScreen('/pay/pay-record', {
      'GET /prepaid/payments': () => envelope({ list: [payment(1, { refundedMinor: 5_000 })], total: 1 }),
      'GET /prepaid/payments/1/refunds': () => envelope([earlier]),
      'POST /prepaid/payments/1/refunds': () => envelope({ ...earlier, id: 4, amountMinor: 15_000, reason: 'Closing the room' }),
    });
    fireEvent.click(await findFirst('payment-refund-1'));
    const dialog = await findFirst('refund-dialog');
    expect(within(dialog).getByTestId('refund-summary').textContent).toBe('Paid 200.00, refunded so far 50.00, refundable 150.00');
    expect(await within(dialog).findByText(/Moved out early · counter · 2026-11-20/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('refund-amount'), { target: { value: '150.01' } });
    fireEvent.click(screen.getByTestId('refund-ok'));
    expect(await screen.findByText('At most 150.00 can be refunded')).toBeTruthy();
    expect(await screen.findByText('Give a reason for the refund')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('refund-amount'), { target: { value: '150' } });
    fireEvent.change(within(dialog).getByTestId('refund-reason'), { target: { value: 'Closing the room' } });
    fireEvent.click(screen.getByTestId('refund-ok'));
    await waitFor(() =>
      expect(sent.find((r) => r.route === 'POST /prepaid/payments/1/refunds')?.body).toEqual({ amountMinor: 15_000, reason: 'Closing the room' }),
    );
  });

  it('asks the provider about an unknown payment now', async () => {
    let state: PaymentRow['state'] = 'unknown';
    const { sent } = renderScreen('/pay/pay-record', {
      'GET /prepaid/payments': () => envelope({ list: [payment(2, { channel: 'wechat', state, receiptNo: null })], total: 1 }),
      'POST /prepaid/payments/2/query': () => {
        state = 'paid';
        return envelope(payment(2, { channel: 'wechat', state }));
      },
    });
    fireEvent.click(await findFirst('payment-query-2'));
    await waitFor(() => expect(sent.some((r) => r.route === 'POST /prepaid/payments/2/query')).toBe(true));
    expect(await screen.findByText('Asked the payment provider: Paid')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('payment-state-2').textContent).toBe('Paid'));
  });

  it('hides top-up, refund and query from a role with the screen only', async () => {
    renderScreen(
      '/pay/pay-record',
      { 'GET /prepaid/payments': () => envelope({ list: [payment(1), payment(2, { channel: 'wechat', state: 'unknown' })], total: 2 }) },
      { routers: ['/pay', '/pay/pay-record'] },
    );
    await findFirst('payment-row-1');
    expect(screen.queryByTestId('payments-topup')).toBeNull();
    expect(screen.queryByTestId('payment-refund-1')).toBeNull();
    expect(screen.queryByTestId('payment-query-2')).toBeNull();
    expect(screen.getByTestId('payment-receipt-1')).toBeTruthy();
  });
});

describe('/pay/bill-record', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists bills, opens a statement with its lines in Chinese, and issues a month', async () => {
    const { sent } = renderScreen(
      '/pay/bill-record',
      {
        'GET /prepaid/bills': () => envelope({ list: [bill(5)], total: 1 }),
        'GET /prepaid/bills/5': () => envelope(bill(5)),
        'POST /prepaid/bills/issue': () => envelope({ month: '2026-10', issued: 3, existing: 40 }),
      },
      { language: 'zh' },
    );
    const row = await findFirst('bill-row-5');
    expect(within(row).getByTestId('bill-charges-5').textContent).toBe('344.20');
    expect(within(row).getByTestId('bill-closing-5').textContent).toBe('-45.20');
    expect(within(row).getByTestId('bill-state-5').textContent).toBe('已逾期');
    expect(within(row).getByText('缴费通知')).toBeTruthy();
    expect(within(row).getByText('2026-11-15')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('bill-view-5'));
    const sheet = await findFirst('statement-sheet');
    expect(within(sheet).getByTestId('statement-opening').textContent).toBe('100.00');
    expect(within(sheet).getByTestId('statement-charges').textContent).toBe('-314.20');
    expect(within(sheet).getByTestId('statement-adjustments').textContent).toBe('-1.00');
    expect(within(sheet).getByTestId('statement-closing').textContent).toBe('-45.20');
    const lines = within(sheet).getByTestId('statement-lines');
    expect(within(lines).getByText('高峰')).toBeTruthy();
    expect(within(lines).getByText('120.50')).toBeTruthy();
    expect(within(lines).getByText('205.75')).toBeTruthy();
    expect(within(lines).getByText('Property fee (费用)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('bills-issue'));
    fireEvent.click(await findFirst('bills-issue-ok'));
    await waitFor(() => expect(sent.find((r) => r.route === 'POST /prepaid/bills/issue')?.body).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/) }));
    expect(await screen.findByText(/的账单：本次出账 3 张，已有 40 张$/)).toBeTruthy();
    expect(rawKeys()).toEqual([]);
  });

  it('hides "issue a month" without /pay/bill-record/add', async () => {
    renderScreen('/pay/bill-record', { 'GET /prepaid/bills': () => envelope({ list: [bill(5)], total: 1 }) }, { routers: ['/pay', '/pay/bill-record'] });
    await findFirst('bill-row-5');
    expect(screen.queryByTestId('bills-issue')).toBeNull();
  });
});
