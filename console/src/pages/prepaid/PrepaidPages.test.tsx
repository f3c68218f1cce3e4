// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import type { AccountDetail, AccountRow, DeductionHour, LedgerEntry } from '@shared/prepaid/types';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const user = (admin: boolean): UserInfo => ({
  _id: admin ? 1 : 2,
  username: admin ? 'admin' : 'clerk',
  trueName: admin ? 'Ada Admin' : 'Carl Clerk',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: admin ? 1 : 2, name: admin ? 'admin' : 'clerk' }],
  status: true,
  type: 0,
});

const HOUR = Date.parse('2026-11-20T10:00:00+08:00');
const row = (id: number, over: Partial<AccountRow> = {}): AccountRow => ({
  id,
  roomId: id * 10,
  roomCode: `A-${100 + id}`,
  building: 'Block A',
  floor: '1',
  number: String(100 + id),
  departmentName: 'Tenant A',
  memberId: 5,
  memberName: 'Lee Trading',
  billingMode: 'prepaid',
  currency: 'CNY',
  balanceMinor: 12_345,
  balanceLevel: 0,
  alarm1Minor: 5000,
  alarm2Minor: 2000,
  creditLimitMinor: 0,
  noCutFrom: '22:00',
  noCutTo: '07:00',
  noCutWeekends: true,
  noCutHolidays: false,
  keepSupply: false,
  supplyState: 'on',
  roomState: 'normal',
  daysLeft: 12.34,
  chargedUntil: HOUR,
  state: 'open',
  openedAt: HOUR - 86_400_000,
  ...over,
});
const ROWS = [row(1), row(2, { balanceMinor: -150, balanceLevel: 3, supplyState: 'cut', roomState: 'cut', daysLeft: null, keepSupply: true })];
const detail = (id: number): AccountDetail => ({
  ...ROWS[id - 1]!,
  items: [
    {
      id: 7,
      accountId: id,
      kind: 'energy',
      name: 'Electricity',
      energyType: 'electricity',
      tariffId: 3,
      tariffName: 'Park TOU',
      amountMinor: 0,
      ratioBp: 0,
      active: true,
    },
  ],
  meters: [{ meterId: 9, meterCode: 'M009', meterName: 'Room meter', energyType: 'electricity', gatewaySn: 'GW1', fromTs: HOUR - 86_400_000, toTs: null }],
  events: [{ id: 1, at: HOUR, what: 'opened', detail: { alarm1Minor: 5000 }, operator: 'admin' }],
});
const ledger: LedgerEntry[] = [
  {
    id: 31,
    accountId: 1,
    kind: 'charge',
    amountMinor: -183,
    balanceAfterMinor: 12_345,
    hourStart: HOUR,
    itemId: 7,
    itemName: 'Electricity',
    band: 'peak',
    energyMilli: 2500,
    paymentId: null,
    reason: '',
    operator: 'system',
    createdAt: HOUR + 3_600_000,
  },
  {
    id: 30,
    accountId: 1,
    kind: 'topup',
    amountMinor: 12_528,
    balanceAfterMinor: 12_528,
    hourStart: null,
    itemId: null,
    itemName: null,
    band: null,
    energyMilli: null,
    paymentId: 4,
    reason: 'counter',
    operator: 'admin',
    createdAt: HOUR,
  },
];
const hours: DeductionHour[] = [
  {
    accountId: 1,
    roomCode: 'A-101',
    memberName: 'Lee Trading',
    hourStart: HOUR,
    energyMilli: 3500,
    amountMinor: 244,
    adjustments: 1,
    chargedAt: HOUR + 3_660_000,
    lines: [
      { itemId: 7, itemName: 'Electricity', kind: 'charge', band: 'peak', energyMilli: 2500, amountMinor: 183 },
      { itemId: 7, itemName: 'Electricity', kind: 'adjustment', band: 'flat', energyMilli: 1000, amountMinor: 61 },
    ],
  },
];

type Answers = Partial<Record<string, (body: unknown) => FakeReply>>;
function renderPrepaid(
  path: string,
  { answers = {}, admin = true, routers, language = 'en' }: { answers?: Answers; admin?: boolean; routers?: string[]; language?: 'en' | 'zh' | 'es' } = {},
) {
  const sent: { route: string; body: unknown }[] = [];
  const defaults: Answers = {
    'GET /prepaid/accounts': () => envelope({ list: ROWS, total: 2 }),
    'GET /prepaid/accounts/1': () => envelope(detail(1)),
    'GET /prepaid/accounts/1/ledger': () => envelope({ list: ledger, total: 2 }),
    'GET /prepaid/commands': () => envelope({ list: [], total: 0 }),
    'GET /rooms/options': () => envelope([{ id: 30, name: 'A-103' }]),
    'GET /members/options': () => envelope([{ id: 5, name: 'Lee Trading' }]),
    'GET /tariffs': () =>
      envelope({
        items: [
          {
            id: 3,
            name: 'Park TOU',
            energyType: 'electricity',
            currency: 'CNY',
            note: '',
            createdAt: 0,
            updatedAt: 0,
            versions: [],
            currentVersionId: 1,
            assignmentCount: 0,
          },
        ],
      }),
    'GET /prepaid/deductions': () => envelope({ list: hours, total: 1 }),
    'GET /prepaid/items': () => envelope(detail(1).items),
  };
  const view = renderConsole({
    path,
    token: 'jwt',
    language,
    ...(routers ? { routers } : {}),
    server: (route, body) => {
      sent.push({ route, body });
      return (answers[route] ?? defaults[route])?.(body) ?? envelope(user(admin));
    },
  });
  return { ...view, sent };
}

const FIRST_PAINT = { timeout: 30_000 };
const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  const options = await screen.findAllByTitle(label);
  fireEvent.click(options[options.length - 1]!);
}
const rawKeys = () => document.body.textContent?.match(/\bprepaid\.[\w.]+/g) ?? [];

describe('prepaid screens', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('/pay/room lists accounts with the balance coloured by level, supply, days left and state', async () => {
    renderPrepaid('/pay/room');
    const first = await screen.findByTestId('prepaid-account-row-1', {}, FIRST_PAINT);
    expect(within(first).getByTestId('prepaid-balance-1').textContent).toBe('¥123.45');
    expect(within(first).getByText('12.3 d')).toBeTruthy();
    expect(within(first).getByText('Block A / 1 / 101')).toBeTruthy();
    const second = screen.getByTestId('prepaid-account-row-2');
    const balance = within(second).getByTestId('prepaid-balance-2');
    expect(balance.textContent).toBe('-¥1.50');
    expect(balance.getAttribute('data-level')).toBe('3');
    expect(within(second).getAllByText('Cut off').length).toBe(1);
    expect(within(second).getByText('Cut')).toBeTruthy();
    expect(within(second).getByText('Keep supply')).toBeTruthy();
    expect(screen.getByText('2 accounts')).toBeTruthy();
  });

  it('opens an account: money typed as text goes out as integer minor units, a third decimal is refused', async () => {
    const { sent } = renderPrepaid('/pay/room', { answers: { 'POST /prepaid/accounts': () => envelope({ ...detail(1), roomCode: 'A-103' }) } });
    fireEvent.click(await screen.findByTestId('prepaid-open-account', {}, FIRST_PAINT));
    await screen.findByTestId('prepaid-account-dialog');
    await choose('prepaid-account-room', 'A-103');
    type('prepaid-account-alarm1', '0.005');
    expect(await screen.findByText('At most two decimals (cents)')).toBeTruthy();
    type('prepaid-account-alarm1', '1,000.00');
    type('prepaid-account-alarm2', '100.5');
    type('prepaid-account-nocut-from', '23:00');
    type('prepaid-account-nocut-to', '06:30');
    await choose('prepaid-account-item-0-tariff', 'Park TOU');
    fireEvent.click(screen.getByTestId('prepaid-account-add-item'));
    type('prepaid-account-item-1-amount', '30');
    fireEvent.click(screen.getByTestId('prepaid-account-dialog-ok'));
    await waitFor(() => expect(sent.some((request) => request.route === 'POST /prepaid/accounts')).toBe(true));
    expect(sent.find((request) => request.route === 'POST /prepaid/accounts')?.body).toEqual({
      roomId: 30,
      memberId: null,
      billingMode: 'prepaid',
      alarm1Minor: 100_000,
      alarm2Minor: 10_050,
      creditLimitMinor: 0,
      noCutFrom: '23:00',
      noCutTo: '06:30',
      noCutWeekends: false,
      noCutHolidays: false,
      keepSupply: false,
      items: [
        { kind: 'energy', name: 'Electricity', energyType: 'electricity', tariffId: 3, amountMinor: 0, ratioBp: 0 },
        { kind: 'fixed_monthly', name: 'Property fee', energyType: null, tariffId: null, amountMinor: 3000, ratioBp: 0 },
      ],
    });
    expect(await screen.findByText('Account opened for A-103')).toBeTruthy();
  });

  it('shows the contract rule under the field: level 2 above level 1', async () => {
    const { sent } = renderPrepaid('/pay/room');
    fireEvent.click(await screen.findByTestId('prepaid-open-account', {}, FIRST_PAINT));
    await screen.findByTestId('prepaid-account-dialog');
    await choose('prepaid-account-room', 'A-103');
    await choose('prepaid-account-item-0-tariff', 'Park TOU');
    type('prepaid-account-alarm2', '60');
    fireEvent.click(screen.getByTestId('prepaid-account-dialog-ok'));
    expect(await screen.findByText('Level 2 must not be above level 1')).toBeTruthy();
    expect(sent.some((request) => request.route === 'POST /prepaid/accounts')).toBe(false);
  });

  it('posts a signed adjustment with a reason', async () => {
    const { sent } = renderPrepaid('/pay/room', {
      answers: {
        'POST /prepaid/accounts/1/adjustments': () => envelope({ ...ledger[0], id: 40, kind: 'adjustment', amountMinor: -1250, balanceAfterMinor: 11_095 }),
      },
    });
    fireEvent.click(await screen.findByTestId('prepaid-adjust-1', {}, FIRST_PAINT));
    type('prepaid-adjust-amount', '-12.5');
    type('prepaid-adjust-reason', 'Meter read twice');
    fireEvent.click(screen.getByTestId('prepaid-adjust-dialog-ok'));
    expect(await screen.findByText('Adjustment posted; balance ¥110.95')).toBeTruthy();
    expect(sent.find((request) => request.route === 'POST /prepaid/accounts/1/adjustments')?.body).toEqual({ amountMinor: -1250, reason: 'Meter read twice' });
  });

  it('cuts the ticked accounts in batch with a reason and shows each result', async () => {
    const { sent } = renderPrepaid('/pay/room', {
      answers: {
        'POST /prepaid/supply': () =>
          envelope([
            { accountId: 1, ok: true, message: '', commandIds: ['c1'] },
            { accountId: 2, ok: false, message: 'Keep supply is on', commandIds: [] },
          ]),
      },
    });
    const first = await screen.findByTestId('prepaid-account-row-1', {}, FIRST_PAINT);
    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('prepaid-account-row-2')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('prepaid-supply'));
    type('prepaid-supply-reason', 'Fire drill');
    fireEvent.click(screen.getByTestId('prepaid-supply-dialog-ok'));
    const results = await screen.findByTestId('prepaid-supply-results');
    expect(within(results).getByText('Done')).toBeTruthy();
    expect(within(results).getByText('Not done: Keep supply is on')).toBeTruthy();
    expect(sent.find((request) => request.route === 'POST /prepaid/supply')?.body).toEqual({ accountIds: [1, 2], action: 'cut', reason: 'Fire drill' });
  });

  it('checks the ledger and lists the mismatches', async () => {
    renderPrepaid('/pay/room', {
      answers: {
        'GET /prepaid/invariant': () =>
          envelope({
            ok: false,
            accounts: 2,
            entries: 9,
            mismatches: [{ accountId: 2, roomCode: 'A-102', balanceMinor: -150, ledgerSumMinor: -100 }],
            orphanEntries: 1,
            duplicateHours: 0,
            checkedAt: HOUR,
          }),
      },
    });
    fireEvent.click(await screen.findByTestId('prepaid-check-ledger', {}, FIRST_PAINT));
    const bad = await screen.findByTestId('prepaid-invariant-bad');
    expect(within(bad).getByText('A-102: balance -1.50, ledger sum -1.00')).toBeTruthy();
    expect(within(bad).getByText('Entries without an account: 1')).toBeTruthy();
  });

  it('opens the account drawer with settings, ledger (balance after each entry), events and meters', async () => {
    renderPrepaid('/pay/room');
    fireEvent.click(await screen.findByTestId('prepaid-room-1', {}, FIRST_PAINT));
    const drawer = await screen.findByTestId('prepaid-account-drawer');
    expect(await within(drawer).findByText('22:00 – 07:00')).toBeTruthy();
    expect(within(drawer).getByText('Park TOU')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Ledger' }));
    const charge = await within(drawer).findByTestId('prepaid-ledger-row-31');
    expect(within(charge).getByText('-¥1.83')).toBeTruthy();
    expect(within(charge).getByText('¥123.45')).toBeTruthy();
    expect(within(charge).getByText('Electricity · Peak')).toBeTruthy();
    expect(within(screen.getByTestId('prepaid-ledger-row-30')).getByText('+¥125.28')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Meters' }));
    expect(await within(drawer).findByText('M009')).toBeTruthy();
    expect(within(drawer).getByText('now')).toBeTruthy();
  });

  it('hides the writes from a role with only the screen', async () => {
    renderPrepaid('/pay/room', { admin: false, routers: ['/pay', '/pay/room'] });
    await screen.findByTestId('prepaid-account-row-1', {}, FIRST_PAINT);
    expect(screen.queryByTestId('prepaid-open-account')).toBeNull();
    expect(screen.queryByTestId('prepaid-supply')).toBeNull();
    expect(screen.queryByTestId('prepaid-adjust-1')).toBeNull();
    expect(screen.getByTestId('prepaid-details-1')).toBeTruthy();
    expect(screen.getByTestId('prepaid-check-ledger')).toBeTruthy();
  });

  it('/pay/power-hour-record shows charged hours and their lines per item and band', async () => {
    renderPrepaid('/pay/power-hour-record');
    const hourRow = await screen.findByTestId(`prepaid-deduction-row-1:${HOUR}`, {}, FIRST_PAINT);
    expect(within(hourRow).getByText('3.50')).toBeTruthy();
    expect(within(hourRow).getByText('-2.44')).toBeTruthy();
    fireEvent.click(within(hourRow).getByRole('button'));
    const lines = await screen.findByTestId(`prepaid-deduction-lines-1:${HOUR}`);
    expect(within(lines).getByText('Peak')).toBeTruthy();
    expect(within(lines).getByText('-1.83')).toBeTruthy();
    expect(within(lines).getByText('Adjustment')).toBeTruthy();
  });

  it('/pay/user-item lists items and deactivates one after a confirm', async () => {
    const { sent } = renderPrepaid('/pay/user-item', { answers: { 'DELETE /prepaid/items/7': () => envelope(null) } });
    const item = await screen.findByTestId('prepaid-item-row-7', {}, FIRST_PAINT);
    expect(within(item).getByText('Park TOU')).toBeTruthy();
    await waitFor(() => expect(within(item).getByText('A-101')).toBeTruthy());
    fireEvent.click(within(item).getByTestId('prepaid-item-deactivate-7'));
    fireEvent.click(await screen.findByTestId('prepaid-item-deactivate-7-confirm'));
    await waitFor(() => expect(sent.some((request) => request.route === 'DELETE /prepaid/items/7')).toBe(true));
  });

  it.each(['zh', 'es'] as const)('%s: no raw catalogue keys on the rooms screen', async (language) => {
    renderPrepaid('/pay/room', { language });
    await screen.findByTestId('prepaid-account-row-1', {}, FIRST_PAINT);
    expect(rawKeys()).toEqual([]);
    expect(screen.getByTestId('prepaid-balance-1').textContent).toBe('¥123.45');
  });
});
