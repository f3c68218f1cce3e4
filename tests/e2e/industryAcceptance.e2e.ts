import { mkdirSync } from 'node:fs';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { activeInterfaceKey, apiData, callApi } from './helpers/api';
import { apiToken, logIn, visibleRawKeys } from './helpers/console';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Production lines and imported power on a real server (no demo, TIME_ZONE Asia/Shanghai) and a real Chromium
 * whose clock runs in the same zone, so the screens' default ranges name the server's days.
 *
 * Set-up through the API: department "E2E Press shop" with meter E2E-PL-M (CT 1, PT 1: register kWh = energy kWh);
 * products P-A (coefficient 1) and P-B (coefficient 2); line E2E-L1 (target 3.5 kWh per standard unit) taking 80 %
 * of the meter; register readings at local midnights through the HTTP ingest (each day's energy spread over that
 * day's quarters); daily output through POST /api/ingest/output; the line's baseline saved as D1–D3; a flat tariff
 * of 0.8123 CNY/kWh on the department.
 *
 * Days D1..D5 = 8..4 days ago (local), each: meter energy → line energy (× 0.8), output P-A + 2 × P-B = standard:
 *   D1  500    → 400   60 + 2 × 20 = 100   SEC 4.000 (over 3.5)
 *   D2  662.5  → 530   90 + 2 × 30 = 150   SEC 3.533… (over)
 *   D3  750    → 600  100 + 2 × 50 = 200   SEC 3.000
 *   D4  700    → 560  120 + 2 × 30 = 180   SEC 3.111…
 *   D5  537.5  → 430   80 + 2 × 20 = 120   SEC 3.583… (over)
 *   line: 2520 kWh for 750 standard units → SEC 3.36 kWh, × 0.1229 = 0.412944 kgce; vs target (3.36 − 3.5)/3.5 = −4.0 %.
 *   P-A: 450 units = 450 standard → 2520 × 450/750 = 1512 kWh, 3.36 kWh per unit;
 *   P-B: 150 units = 300 standard → 1008 kWh, 1008/150 = 6.72 kWh per unit.
 * Baseline (D1–D3, least squares energy = a + b × output): x̄ = 150, ȳ = 510, Sxx = 2500 + 0 + 2500 = 5000,
 *   Sxy = (−50)(−110) + 0 + (50)(90) = 10000 → b = 2, a = 510 − 2 × 150 = 210; residuals −10, +20, −10 →
 *   SSres = 600, SStot = 110² + 20² + 90² = 20600, R² = 1 − 600/20600 = 0.97087…
 * Reporting period = the board's range (the last 30 days: D1–D5 have output): expected 410, 510, 610, 570, 450 =
 *   2550; actual 2520; normalised savings 2550 − 2520 = 30 kWh (the baseline days' residuals add to 0; D4 saves
 *   570 − 560 = 10, D5 450 − 430 = 20), 30/2550 = +1.2 %.
 * Cost: 2520 kWh × 0.8123 = 2046.996 CNY, rounded once per band → 2,047.00; per standard unit 204 700 fen / 750 =
 *   272.933… fen → 2.7293 CNY.
 *
 * The utility's file (MWh per local day, object by meter code, one bad row): D1 0.505, D2 0.69, "n/a", D3 0.8,
 * D4 0.69, D5 0.5 → 5 rows to import, 1 rejected (line 4, Reading "n/a": not a number). Against the metered days,
 * tolerance 5 % (flagged when |imported − metered| × 10 000 > 500 × metered):
 *   D1 505 − 500 = +5 (+1.00 %), D2 690 − 662.5 = +27.5 (+4.15 %), D3 800 − 750 = +50 (+6.67 %, flagged),
 *   D4 690 − 700 = −10 (−1.43 %), D5 500 − 537.5 = −37.5 (−6.98 %, flagged);
 *   totals 3185 against 3150: +35 kWh, +1.11 %, 2 flagged periods.
 */

const TZ = 'Asia/Shanghai';
const SHOTS = '/tmp/industry-acceptance-shots';
const METER = 'E2E-PL-M';
const LINE = 'E2E-L1';
const TODAY = dayjs().tz(TZ).startOf('day');
/** D1..D5, then D6 = the midnight closing D5. */
const DAYS = [8, 7, 6, 5, 4, 3].map((ago) => TODAY.subtract(ago, 'day'));
const day = (index: number) => DAYS[index]!.format('YYYY-MM-DD');
const METER_KWH = [500, 662.5, 750, 700, 537.5];
const OUTPUT: [number, number][] = [
  [60, 20],
  [90, 30],
  [100, 50],
  [120, 30],
  [80, 20],
];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[] = [];
let token: string;
let lineId: number;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'off', SIMULATOR: 'off', TIME_ZONE: TZ });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);

  const department = await api<{ id: number }>('POST', '/api/departments', { name: 'E2E Press shop', code: 'E2E-PS', parentId: null, sort: 1 });
  const gateway = await api<{ id: number }>('POST', '/api/gateways', { sn: 'E2E-PL-GW', name: 'Press shop gateway', ownerUserId: 1 });
  const meter = await api<{ id: number }>('POST', '/api/meters', {
    code: METER,
    name: 'Press shop incomer',
    energyType: 'electricity',
    unit: 'kWh',
    ctRatio: 1,
    ptRatio: 1,
    ratedPowerKw: 500,
    gatewayId: gateway.id,
    departmentId: department.id,
  });
  await api('POST', '/api/products', { code: 'P-A', name: 'Bracket', unit: 'pcs', standardCoefficient: 1 });
  await api('POST', '/api/products', { code: 'P-B', name: 'Double bracket', unit: 'pcs', standardCoefficient: 2 });
  lineId = (await api<{ id: number }>('POST', '/api/product-lines', { code: LINE, name: 'Press line', departmentId: department.id, targetSecKwh: 3.5 })).id;
  await api('PUT', `/api/production/lines/${lineId}/meters`, { meters: [{ meterId: meter.id, ratio: 0.8 }] });
  await api('PUT', `/api/production/lines/${lineId}/baseline`, { from: day(0), to: day(2) });
  const tariff = await api<{ id: number }>('POST', '/api/tariffs', { name: 'E2E Press shop flat', energyType: 'electricity', currency: 'CNY' });
  await api('POST', `/api/tariffs/${tariff.id}/versions`, {
    validFrom: TODAY.subtract(2, 'month').format('YYYY-MM-DD'),
    definition: {
      prices: { flat: '0.8123' },
      seasons: [{ name: 'All year', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], layouts: { workday: [{ from: '00:00', to: '24:00', band: 'flat' }] } }],
    },
  });
  await api('POST', '/api/tariff-assignments', { tariffId: tariff.id, target: 'department', targetId: department.id });

  const key = await activeInterfaceKey(server.url, token, 'industry e2e');
  let register = 1000;
  const readings = DAYS.map((midnight, index) => {
    const reading = { meter: METER, ts: midnight.valueOf(), values: { kwh: register } };
    register += METER_KWH[index] ?? 0;
    return reading;
  });
  const sent = await callApi<{ accepted: number }>(server.url, 'POST', '/api/ingest/readings', { readings }, { 'x-interface-key': key });
  expect(sent.data).toMatchObject({ accepted: readings.length });
  const records = OUTPUT.flatMap(([a, b], index) => [
    { line: LINE, product: 'P-A', day: day(index), shift: null, quantity: a, reference: `MES-${index}-A` },
    { line: LINE, product: 'P-B', day: day(index), shift: null, quantity: b, reference: `MES-${index}-B` },
  ]);
  const output = await callApi<{ created: number; rejected: unknown[] }>(server.url, 'POST', '/api/ingest/output', { records }, { 'x-interface-key': key });
  expect(output.data).toEqual({ created: 10, updated: 0, rejected: [] });

  context = await browser.newContext({ viewport: { width: 1366, height: 768 }, timezoneId: TZ, locale: 'en-US' });
  page = await context.newPage();
  errors = watchErrors(page);
}, 180_000);
afterEach(async (test) => {
  if (test.task.result?.state === 'fail')
    await page?.screenshot({ path: `${SHOTS}/failed-${test.task.name.slice(0, 24).replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => undefined);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

let signedIn = false;
async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  if (!signedIn) {
    await logIn(page);
    await page.waitForURL(`${server.url}${path}`);
    signedIn = true;
  }
}

/** What the reader sees at 1366×768 (a full-page shot would draw the fixed menu in the wrong place). */
async function shot(name: string): Promise<void> {
  await page.waitForTimeout(1000); // charts draw with an entry animation
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Cell texts of the table rows a locator finds. */
const cells = (rows: Locator): Promise<string[][]> =>
  rows.evaluateAll((found) => found.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell as HTMLElement).innerText.trim())));

/**
 * Opens an antd Select by its test id and clicks the option holding `text` in ITS dropdown (the one its input
 * names in aria-controls): an earlier Select's dropdown may still be fading out with options of the same names.
 */
async function choose(testId: string, text: string): Promise<void> {
  const input = page.getByTestId(testId).locator('input');
  await page.getByTestId(testId).click();
  const list = await input.getAttribute('aria-controls');
  if (!list) throw new Error(`${testId} did not open`);
  await page.locator(`.ant-select-dropdown:has([id="${list}"]) .ant-select-item-option`).filter({ hasText: text }).first().click();
}

describe('production line energy board', () => {
  it('shows SEC per line and period against the target, per product, and the baseline model with normalised savings', async () => {
    // The server's own figures first, so a wrong screen and a wrong reader are told apart.
    const sec = await api<{ total: { energy: number; standardOutput: number; secKwh: number } }>(
      'GET',
      `/api/production/lines/${lineId}/sec?from=${day(0)}&to=${day(4)}&period=day`,
    );
    expect(sec.total.energy).toBeCloseTo(2520, 9);
    expect(sec.total.standardOutput).toBe(750);

    await open('/energyLine/energy-board');
    const table = page.getByTestId('sec-table');
    await table.locator(`[data-testid="sec-row-${lineId}:total"]`).waitFor();
    // Line, period, energy, output, SEC kWh, SEC kgce, target, vs target.
    expect(await cells(table.locator(`[data-testid="sec-row-${lineId}:total"]`))).toEqual([
      ['Press line (E2E-L1)', 'Whole range', '2,520.00', '750.00', '3.360', '0.413', '3.500', '-4.0 %'],
    ]);
    // Every day of the range is listed; the days without production read 0.00 and –.
    const periods = await cells(
      table.locator(
        DAYS.slice(0, 5)
          .map((_, index) => `[data-testid="sec-row-${lineId}:${day(index)}"]`)
          .join(', '),
      ),
    );
    expect(periods.map((row) => [row[1], row[2], row[3], row[4], row[7]])).toEqual([
      [day(0), '400.00', '100.00', '4.000', '+14.3 %Over target'],
      [day(1), '530.00', '150.00', '3.533', '+1.0 %Over target'],
      [day(2), '600.00', '200.00', '3.000', '-14.3 %'],
      [day(3), '560.00', '180.00', '3.111', '-11.1 %'],
      [day(4), '430.00', '120.00', '3.583', '+2.4 %Over target'],
    ]);
    expect(await table.locator('[data-over="true"]').count()).toBe(3);

    // ISO 50006 baseline on D1–D3, reporting over the board's range.
    const baseline = page.getByTestId('baseline-panel');
    await baseline.getByTestId('baseline-a').waitFor();
    expect(await baseline.getByTestId('baseline-a').innerText()).toBe('210.000');
    expect(await baseline.getByTestId('baseline-b').innerText()).toBe('2.0000');
    expect(await baseline.getByTestId('baseline-r2').innerText()).toBe('0.971');
    expect(await baseline.getByTestId('baseline-n').innerText()).toBe('3');
    expect(await baseline.getByTestId('baseline-actual').innerText()).toBe('2,520.00');
    expect(await baseline.getByTestId('baseline-expected').innerText()).toBe('2,550.00');
    expect((await baseline.getByTestId('baseline-savings').innerText()).replace(/\s+/g, ' ')).toBe('30.00 +1.2 %');
    await shot('energy-board-en');
    const cost = page.getByTestId('cost-panel');
    expect(await cells(cost.locator('tr.ant-table-row'))).toEqual([['Flat', '2,520.00', '2,047.00', '2.7293']]);
    expect(await cost.getByTestId('cost-per-unit-total').innerText()).toBe('2.7293');
    await baseline.scrollIntoViewIfNeeded();
    await shot('energy-board-baseline-en');

    // Per product: the line's energy split by standard-output share, SEC per the product's own unit.
    await page.getByTestId('board-view').getByText('Product', { exact: true }).click();
    await page.getByTestId('board-query').click();
    await table.locator('[data-testid^="sec-row-"]', { hasText: 'P-B' }).waitFor();
    await page.locator('[data-testid="board-query"]:not(.ant-btn-loading)').waitFor();
    const products = await cells(table.locator('tr[data-testid^="sec-row-"]'));
    expect(products.map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ['Bracket (P-A)', '1,512.00', '450.00 pcs', '3.360 / pcs'],
      ['Double bracket (P-B)', '1,008.00', '150.00 pcs', '6.720 / pcs'],
    ]);
    await shot('energy-board-products-en');
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('power data import and the comparison', () => {
  const FILE = 'utility-daily.csv';
  const CSV = [
    'Tag,Day,Reading',
    `${METER},${day(0)},0.505`,
    `${METER},${day(1)},0.69`,
    `${METER},${day(2)},n/a`,
    `${METER},${day(2)},0.8`,
    `${METER},${day(3)},0.69`,
    `${METER},${day(4)},0.5`,
  ].join('\n');

  it('uploads a CSV, maps its columns, previews the rejected row, imports and lists the batch with its counts', async () => {
    await open('/power-comparison/power-data-import');
    await page
      .getByTestId('upload-step')
      .locator('input[type=file]')
      .setInputFiles({ name: FILE, mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByTestId('mapping-step').waitFor();
    // No header says what it holds: every field is mapped by hand.
    await choose('mapping-select-periodStart', 'Day');
    await page.getByTestId('mapping-end-kind').getByText('Fixed length').click();
    await choose('mapping-interval', 'A day');
    await choose('mapping-select-value', 'Reading');
    await page.getByTestId('mapping-object-mode').getByText('Code column').click();
    await choose('mapping-select-object', 'Tag');
    await choose('mapping-power-unit', 'MWh');
    await choose('mapping-date-format', '2026-03-01 08:00');
    expect(await page.getByTestId('mapping-samples-value').innerText()).toContain('0.505');
    await page.getByTestId('mapping-next').scrollIntoViewIfNeeded();
    await shot('import-mapping-en');
    await page.getByTestId('mapping-next').click();

    const preview = page.getByTestId('preview-step');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-total').innerText()).toContain('6');
    expect(await preview.getByTestId('preview-good').innerText()).toContain('5');
    expect(await preview.getByTestId('preview-bad').innerText()).toContain('1');
    // 505 + 690 + 800 + 690 + 500 kWh.
    expect(await preview.getByTestId('preview-kwh').innerText()).toBe('Energy (kWh)\n3,185');
    expect(await cells(preview.locator('[data-testid="preview-errors"] tr[data-testid^="preview-error-"]'))).toEqual([['4', 'Reading', 'n/a', 'Not a number']]);
    await preview.getByTestId('preview-errors').scrollIntoViewIfNeeded();
    await shot('import-preview-en');
    await preview.getByTestId('preview-import').click();
    await page.getByTestId('import-done').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-done').innerText()).toContain('Imported: 5 · rejected: 1');

    const history = page.getByTestId('import-history');
    const row = history.locator('tr[data-testid^="batch-row-"]', { hasText: FILE });
    await row.getByTestId('batch-state-done').waitFor();
    await history.scrollIntoViewIfNeeded();
    const [texts] = await cells(row);
    // File, when/who, period, imported, rejected, state.
    expect(texts?.[0]).toBe(FILE);
    expect(texts?.[1]).toContain('Administrator');
    expect(texts?.[2]).toContain(day(0));
    expect([texts?.[3], texts?.[4], texts?.[5]]).toEqual(['5', '1', 'Done']);
    await shot('import-history-en');
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('compares the imported days with the metered ones and flags the two beyond 5 %', async () => {
    await open('/power-comparison/power-data-comparison');
    const table = page.getByTestId('comparison-table');
    await table.locator(`[data-testid="comparison-row-${day(4)}"]`).waitFor();
    const rows = await cells(
      table.locator(
        DAYS.slice(0, 5)
          .map((_, index) => `[data-testid="comparison-row-${day(index)}"]`)
          .join(', '),
      ),
    );
    // Period, imported, metered, difference, percent, state.
    expect(rows).toEqual([
      [day(0), '505.00', '500.00', '+5.00', '+1.00 %', 'Within tolerance'],
      [day(1), '690.00', '662.50', '+27.50', '+4.15 %', 'Within tolerance'],
      [day(2), '800.00', '750.00', '+50.00', '+6.67 %', 'Flagged'],
      [day(3), '690.00', '700.00', '-10.00', '-1.43 %', 'Within tolerance'],
      [day(4), '500.00', '537.50', '-37.50', '-6.98 %', 'Flagged'],
    ]);
    expect(await page.getByTestId('comparison-tolerance').innerText()).toContain('5');
    const totals = (await page.getByTestId('comparison-totals').innerText()).replace(/\s+/g, ' ');
    expect(totals).toContain('3,185.00');
    expect(totals).toContain('3,150.00');
    expect(totals).toContain('+35.00');
    expect(totals).toContain('+1.11');
    await shot('comparison-en');
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
