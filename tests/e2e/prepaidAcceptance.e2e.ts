import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import dayjs from 'dayjs';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { freePort, startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';

/**
 * Prepaid acceptance on a real server (demo seeded, embedded MQTT broker) and a real Chromium: an account opened
 * for a room on /pay/room, a cash top-up at the counter with its receipt, readings over MQTT charged by the hourly
 * deduction so the balance falls, the balance alarm in the bell, the cut-off command received and acknowledged by
 * a gateway client, then an online top-up on the member page (/member at 390×844) and the restore command.
 *
 * Set-up: gateway E2E-PP-GW with meter E2E-PP-M (electricity, CT 1, PT 1: register kWh = energy kWh) feeding room
 * E2E-PP-101 of member "E2E Prepaid Tenant"; tariff "E2E Prepaid flat": one band, flat 0.8765 CNY/kWh all day.
 * Account: alarm level 1 at 30.00, level 2 at 10.00, credit limit 0, no no-cut window, keep-supply off.
 *
 * Readings cannot wait for real hours, so the room's meter span and (once topped up) the account's opening are moved
 * back to the start of hour A = three local hours before the current one (B = the hour after A), straight in the
 * server's database, as if the room had been fed and the account opened then. Everything else goes through the server.
 *
 * Money, by hand (one entry per hour and band, rounded once, half away from zero):
 *   opening: balance 0.00 = arrears (≤ −credit limit 0) → the system cuts the supply (cause balance)
 *   counter top-up 50.00 cash, no service-fee item → receipt: amount 50.00, fee 0.00, credited 50.00, balance 50.00
 *                                                   → out of arrears → restore (cause top-up)
 *   hour A: register 1000 → 1024 = 24 kWh × 0.8765 = 21.036  → charge 21.04 → balance 28.96 (< 30.00: level 1)
 *   hour B: charged 0 at first (no reading yet); the late reading 1024 → 1060 = 36 kWh × 0.8765 = 31.554 → 31.55,
 *           an adjusting entry → balance 28.96 − 31.55 = −2.59 (arrears) → cut (cause balance)
 *   member online top-up 20.00 → balance −2.59 + 20.00 = 17.41 (level 1, out of arrears) → restore (cause top-up)
 */
let server: RunningServer;
let browser: Browser;
let token: string;
let mqttPort: number;
let gateway: MqttClient | undefined;
let tab: ConsoleTab | undefined;
let phone: BrowserContext | undefined;
const SHOTS = '/tmp/prepaid-acceptance-shots';

const SN = 'E2E-PP-GW';
const GW_LOGIN = { username: 'e2e-pp-gw', password: 'Gateway-secret-pp1' };
const METER_CODE = 'E2E-PP-M';
const ROOM_CODE = 'E2E-PP-101';
const MEMBER_PHONE = '13977770101';
const MEMBER_NAME = 'E2E Prepaid Tenant';
const TARIFF = 'E2E Prepaid flat';
const HOUR_A = dayjs().startOf('hour').subtract(3, 'hour');
const HOUR_B = HOUR_A.add(1, 'hour');

interface Command {
  commandId: string;
  meter: string;
  action: 'cut' | 'restore';
  issuedAt: number;
}
/** Every command the gateway client received, in order; each one is acknowledged ok at once. */
const commands: Command[] = [];
let roomId: number;
let meterId: number;
let accountId: number;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

beforeAll(async () => {
  mqttPort = await freePort();
  server = await startServer({ SEED_DEMO: 'on', SIMULATOR: 'off', MQTT_PORT: String(mqttPort) });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);

  const gw = await api<{ id: number }>('POST', '/api/gateways', { sn: SN, name: 'E2E prepaid gateway', ownerUserId: 1 });
  await api('PUT', `/api/gateways/${gw.id}/mqtt-credentials`, { mqttUsername: GW_LOGIN.username, mqttPassword: GW_LOGIN.password });
  meterId = (
    await api<{ id: number }>('POST', '/api/meters', {
      code: METER_CODE,
      name: 'Room 101 meter',
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      ratedPowerKw: 100,
      gatewayId: gw.id,
    })
  ).id;
  const member = await api<{ id: number }>('POST', '/api/members', {
    code: 'E2E-PP-MEM',
    name: MEMBER_NAME,
    kind: 'person',
    phone: MEMBER_PHONE,
    email: '',
    remark: '',
  });
  roomId = (
    await api<{ id: number }>('POST', '/api/rooms', {
      code: ROOM_CODE,
      building: 'Block P',
      floor: '1',
      number: '101',
      area: 36,
      departmentId: null,
      memberId: member.id,
      meterIds: [meterId],
      remark: '',
    })
  ).id;
  const tariff = await api<{ id: number }>('POST', '/api/tariffs', { name: TARIFF, energyType: 'electricity', currency: 'CNY' });
  await api('POST', `/api/tariffs/${tariff.id}/versions`, {
    validFrom: HOUR_A.subtract(1, 'month').format('YYYY-MM-DD'),
    definition: {
      prices: { flat: '0.8765' },
      seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
    },
  });
  // The room has been fed by its meter since hour A (the span the room's save started now).
  withDatabase((db) => db.prepare('update room_meters set from_ts = ? where room_id = ? and meter_id = ?').run(HOUR_A.valueOf(), roomId, meterId));

  // The gateway: acknowledges every command on its ack topic, and publishes the meter's readings.
  gateway = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { ...GW_LOGIN, clientId: `e2e-pp-${Date.now()}`, reconnectPeriod: 0 });
  gateway.on('message', (topic, payload) => {
    if (topic !== `gateways/${SN}/commands`) return;
    const command = JSON.parse(payload.toString()) as Command;
    commands.push(command);
    void gateway!.publishAsync(`gateways/${SN}/commands/ack`, JSON.stringify({ commandId: command.commandId, ok: true }), { qos: 1 });
  });
  await gateway.subscribeAsync(`gateways/${SN}/commands`, { qos: 1 });
  // Hour A's readings: 1000 at its start, 1024 at its end.
  await publishReadings([
    [HOUR_A.valueOf(), 1000],
    [HOUR_B.valueOf(), 1024],
  ]);
}, 180_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await tab?.page.screenshot({ path: `${SHOTS}/failed-${context.task.name.slice(0, 24).replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => undefined);
    await phone
      ?.pages()[0]
      ?.screenshot({ path: `${SHOTS}/failed-member.png` })
      .catch(() => undefined);
  }
  await phone?.close();
  phone = undefined;
});
afterAll(async () => {
  await gateway?.endAsync();
  await tab?.context.close();
  await browser?.close();
  await server?.stop();
});

function withDatabase(write: (db: Database.Database) => void): void {
  const db = new Database(join(server.dataDir, 'energy.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    write(db);
  } finally {
    db.close();
  }
}

/** Publishes register readings (QoS 1) until the server has stored the last one (a new meter may take a moment to be known). */
async function publishReadings(readings: [number, number][]): Promise<void> {
  const last = readings[readings.length - 1]!;
  await vi.waitFor(
    async () => {
      await gateway!.publishAsync(
        `gateways/${SN}/readings`,
        JSON.stringify({ ts: Date.now(), readings: readings.map(([ts, kwh]) => ({ meter: METER_CODE, ts, values: { kwh } })) }),
        { qos: 1 },
      );
      const stored = await api<{ rows: { ts: number; value: number }[] }>(
        'GET',
        `/api/meter-data/history?meterId=${meterId}&metric=kwh&from=${readings[0]![0] - 1}&to=${last[0] + 1}`,
      );
      if (!stored.rows.some((row) => row.ts === last[0] && row.value === last[1])) throw new Error(`reading ${last[1]} not stored yet`);
    },
    { timeout: 20_000, interval: 1_000 },
  );
}

/** Waits for the gateway's next command after the ones seen, and for the account's supply state it settles in. */
async function nextCommand(seen: number, action: Command['action'], supply: 'on' | 'cut'): Promise<Command> {
  await vi.waitFor(
    () => {
      if (commands.length <= seen) throw new Error(`no new command after ${seen}`);
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(commands.slice(seen).map((command) => [command.action, command.meter])).toEqual([[action, METER_CODE]]);
  await vi.waitFor(
    async () => {
      const account = await api<{ supplyState: string }>('GET', `/api/prepaid/accounts/${accountId}`);
      if (account.supplyState !== supply) throw new Error(`supply ${account.supplyState}`);
    },
    { timeout: 10_000, interval: 100 },
  );
  return commands[seen]!;
}

/** The console tab, signed in once as the administrator and kept for the whole suite, at `path`. */
async function openConsole(path: string): Promise<Page> {
  if (tab) {
    await tab.page.goto(`${server.url}${path}`);
    return tab.page;
  }
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** The account's row on /pay/room (reloaded until it shows the given balance): balance text, supply and room state. */
async function accountRowOnScreen(page: Page, balance: string): Promise<{ balance: string; supply: string | null; state: string | null }> {
  const row = page.getByTestId(`prepaid-account-row-${accountId}`);
  let seen = { balance: '', supply: null as string | null, state: null as string | null };
  await vi.waitFor(
    async () => {
      await page.goto(`${server.url}/pay/room`);
      await row.waitFor();
      seen = {
        balance: (await row.getByTestId(`prepaid-balance-${accountId}`).innerText()).trim(),
        supply: await row.locator('[data-supply]').getAttribute('data-supply'),
        state: await row.locator('[data-state]').getAttribute('data-state'),
      };
      if (seen.balance !== balance) throw new Error(`balance on screen ${seen.balance}`);
    },
    { timeout: 20_000, interval: 500 },
  );
  return seen;
}

/** The room's open balance alarms: severity and message. */
async function openBalanceAlarms(): Promise<{ id: number; severity: string; message: string }[]> {
  const open = await api<{ rows: { id: number; severity: string; message: string }[] }>(
    'GET',
    `/api/alarm-records?kind=balance&processingState=1&keyword=${ROOM_CODE}&size=10`,
  );
  return open.rows;
}

/** The deduction run on demand (administrators), repeated until the balance is the expected one. */
async function deductUntil(balanceMinor: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const run = await api('POST', '/api/prepaid/deductions/run', { adjust: true });
      const account = await api<{ balanceMinor: number }>('GET', `/api/prepaid/accounts/${accountId}`);
      if (account.balanceMinor !== balanceMinor) {
        const hours = await api<unknown>('GET', `/api/prepaid/deductions?accountId=${accountId}`);
        throw new Error(`balance ${account.balanceMinor} after run ${JSON.stringify(run)}; hours ${JSON.stringify(hours)}`);
      }
    },
    { timeout: 20_000, interval: 1_000 },
  );
}

describe('prepaid: open, counter top-up, deduction, alarm, cut-off, online top-up, restore', () => {
  it('opens the account on /pay/room: at 0.00 it is in arrears and the supply is cut', async () => {
    const page = await openConsole('/pay/room');
    await page.getByRole('tab', { name: 'Rooms' }).click();
    await page.getByTestId(`prepaid-room-open-${roomId}`).click();
    await page.getByTestId('prepaid-account-alarm1').fill('30.00');
    await page.getByTestId('prepaid-account-alarm2').fill('10.00');
    await page.getByTestId('prepaid-account-credit').fill('0.00');
    // The first item is electricity by tariff: pick ours.
    await page.getByTestId('prepaid-account-item-0-tariff').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: TARIFF }).click();
    await page.screenshot({ path: `${SHOTS}/open-dialog.png`, fullPage: true });
    await page.getByTestId('prepaid-account-dialog-ok').click();
    await vi.waitFor(
      async () => {
        const accounts = await api<{ list: { id: number; roomCode: string }[] }>('GET', `/api/prepaid/accounts?keyword=${ROOM_CODE}`);
        accountId = accounts.list.find((row) => row.roomCode === ROOM_CODE)!.id;
      },
      { timeout: 10_000, interval: 250 },
    );
    await nextCommand(0, 'cut', 'cut');
    const row = await accountRowOnScreen(page, '¥0.00');
    expect(row).toEqual({ balance: '¥0.00', supply: 'cut', state: 'cut' });
    expect(tab!.errors).toEqual([]);
  });

  it('tops up 50.00 cash at the counter: the receipt, then the restore command', async () => {
    const page = await openConsole('/pay/pay-record');
    await page.getByTestId('payments-topup').click();
    await page.getByTestId('topup-account').click();
    await page.keyboard.type(ROOM_CODE);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: ROOM_CODE }).click();
    await page.getByTestId('topup-amount').fill('50.00');
    await page.getByTestId('topup-ok').click();
    const sheet = page.getByTestId('receipt-sheet');
    await sheet.waitFor();
    const text = await sheet.innerText();
    expect(text).toContain(ROOM_CODE);
    expect(text).toContain(MEMBER_NAME);
    expect(text).toContain('Amount received\nCNY 50.00\nService fee\nCNY 0.00\nCredited to the account\nCNY 50.00\nBalance after top-up\nCNY 50.00');
    await page.screenshot({ path: `${SHOTS}/receipt.png`, fullPage: true });

    await nextCommand(1, 'restore', 'on');
    expect(await accountRowOnScreen(page, '¥50.00')).toMatchObject({ supply: 'on' });
    expect(tab!.errors).toEqual([]);

    // Only now is the account back-dated: opened "at hour A" (see the header) with its item, so charged from hour A on
    // (an item counts for an hour once it exists). Earlier, the server's minutely deduction could charge hour A before
    // the top-up; from here on, whether that run or the test's own run charges it, the ledger is the same.
    withDatabase((db) =>
      db.transaction(() => {
        db.prepare('update prepaid_accounts set opened_at = ?, charged_until = ? where id = ?').run(HOUR_A.valueOf(), HOUR_A.valueOf(), accountId);
        db.prepare('update account_items set created_at = ? where account_id = ?').run(HOUR_A.valueOf(), accountId);
      })(),
    );
  });

  it('charges hour A: 24 kWh × 0.8765 = 21.04, balance 28.96 and a level-1 balance alarm in the bell', async () => {
    await deductUntil(2896);
    const page = await openConsole('/pay/room');
    expect(await accountRowOnScreen(page, '¥28.96')).toEqual({ balance: '¥28.96', supply: 'on', state: 'alarm1' });
    await page.screenshot({ path: `${SHOTS}/rooms-alarm1.png`, fullPage: true });

    const open = await openBalanceAlarms();
    expect(open.map((record) => [record.severity, record.message])).toEqual([['medium', 'Balance 28.96 CNY under level 1 (30.00 CNY)']]);
    await page.getByTestId('alarm-bell').click();
    const item = page.getByTestId(`alarm-item-${open[0]!.id}`);
    await item.waitFor();
    expect(await page.getByTestId(`alarm-severity-${open[0]!.id}`).innerText()).toBe('Medium');
    expect(await item.innerText()).toContain('Balance 28.96 CNY under level 1 (30.00 CNY)');
    await page.screenshot({ path: `${SHOTS}/bell-balance.png` });
    expect(tab!.errors).toEqual([]);
  });

  it('settles hour B’s late reading: 36 kWh × 0.8765 = 31.55, balance −2.59, the cut-off command and supply cut', async () => {
    const seen = commands.length;
    await publishReadings([[HOUR_B.add(1, 'hour').valueOf(), 1060]]);
    await deductUntil(-259);
    await nextCommand(seen, 'cut', 'cut');
    // Arrears: the level-1 record is cleared and a critical one raised (at or below minus the credit limit 0.00).
    expect((await openBalanceAlarms()).map((record) => [record.severity, record.message])).toEqual([['critical', 'Balance -2.59 CNY in arrears (0.00 CNY)']]);
    const page = await openConsole('/pay/room');
    expect(await accountRowOnScreen(page, '-¥2.59')).toEqual({ balance: '-¥2.59', supply: 'cut', state: 'cut' });
    await page.screenshot({ path: `${SHOTS}/rooms-cut.png`, fullPage: true });
    expect(tab!.errors).toEqual([]);
  });

  it('tops up 20.00 online on the member page: balance 17.41, the restore command and supply on', async () => {
    const seen = commands.length;
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/member`);
    await page.getByTestId('member-phone').fill(MEMBER_PHONE);
    await page.getByTestId('member-get-code').click();
    await page.getByTestId('member-demo-code').waitFor();
    expect(await page.getByTestId('member-code').inputValue()).toMatch(/^\d{6}$/);
    await page.getByTestId('member-sign-in').click();
    await page.getByTestId(`member-room-${ROOM_CODE}`).waitFor();
    expect(await page.getByTestId('member-balance').innerText()).toBe('-CN¥2.59');
    expect(await page.getByTestId('member-supply').innerText()).toBe('Supply cut off');

    await page.getByRole('tab', { name: 'Top up' }).click();
    await page.getByTestId('member-custom-amount').fill('20.00');
    await page.getByTestId('member-pay').click();
    await page.getByTestId('member-topup-order').waitFor();
    // The demo provider pays the order by itself and notifies the server; the page polls until it is paid.
    const paid = page.getByTestId('member-topup-paid');
    await paid.waitFor({ timeout: 20_000 });
    expect(await paid.innerText()).toContain('Paid: CN¥20.00 added. New balance CN¥17.41.');
    await page.screenshot({ path: `${SHOTS}/member-paid.png` });

    await nextCommand(seen, 'restore', 'on');
    const consolePage = await openConsole('/pay/room');
    expect(await accountRowOnScreen(consolePage, '¥17.41')).toEqual({ balance: '¥17.41', supply: 'on', state: 'alarm1' });
    expect(errors).toEqual([]);
    expect(tab!.errors).toEqual([]);
    // Back to level 1: the arrears record is cleared, a medium one says so.
    expect((await openBalanceAlarms()).map((record) => [record.severity, record.message])).toEqual([['medium', 'Balance 17.41 CNY under level 1 (30.00 CNY)']]);

    // The ledger: top-ups 50.00 + 20.00, charge 21.04, adjustment 31.55; and the check holds.
    const ledger = await api<{ list: { kind: string; amountMinor: number }[] }>('GET', `/api/prepaid/accounts/${accountId}/ledger?size=50`);
    expect(ledger.list.map((entry) => [entry.kind, entry.amountMinor]).reverse()).toEqual([
      ['topup', 5000],
      ['charge', -2104],
      ['adjustment', -3155],
      ['topup', 2000],
    ]);
    expect(await api<{ ok: boolean }>('GET', '/api/prepaid/invariant')).toMatchObject({ ok: true });
  });
});
