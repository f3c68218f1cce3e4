import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { BoardDocumentInput } from '@shared/board/document';
import type { SettlementFigures } from '@shared/schemas/settlement';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { activeInterfaceKey, apiData, callApi } from './helpers/api';
import { apiToken, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';
import { createBoard, createDisplay, openWall, type WallTab } from './helpers/kiosk';

/**
 * Issue 20 acceptance on a real server and a real Chromium: a tariff defined in the console's editor and
 * assigned to a department, readings through the HTTP ingest, the per-band energy and cost on the settlement
 * screen, the month closed, the XLSX export's cells, a reopen that needs a reason, and the band-cost widget
 * on a wall.
 *
 * A top-level department of our own with one main meter, CT 1 and PT 1 (register kWh = energy kWh). The tariff
 * has one season over the year and one workday layout (weekends and holidays fall back to it):
 *   valley 00:00–08:00, flat 08:00–10:30, peak 10:30–18:00, flat 18:00–22:00, valley 22:00–24:00,
 *   prices peak 1.23456, flat 0.7654, valley 0.312345 CNY/kWh (peak:valley 3.95:1, no warning).
 * Readings on the 15th of last month (local time = the server's TIME_ZONE, both the machine's):
 *   07:00 1000 → 08:00 1100: 100 kWh in 07:00–08:00                     → valley 100
 *   08:00 1100 → 10:00 1160:  60 kWh in 08:00–10:00                     → flat    60
 *   10:00 1160 → 10:20 1220:  60 kWh in 10:00–10:20                     → flat    60
 *   10:20 1220 → 10:40 1260:  40 kWh over the 10:30 edge, spread by time: 20 before it (flat), 20 after (peak)
 *   10:40 1260 → 11:00 1300:  40 kWh in 10:40–11:00                     → peak    40
 *   valley 100 kWh, flat 140 kWh, peak 60 kWh, total 300 kWh.
 * Cost = energy × price, rounded once per line to fen:
 *   peak   60 × 1.23456  =  74.0736   →  74.07
 *   flat  140 × 0.7654   = 107.156    → 107.16
 *   valley 100 × 0.312345 = 31.2345   →  31.23
 *   total 212.4641 → 212.46 (= 74.07 + 107.16 + 31.23)
 * Then the register stays at 1300 until today 00:00 (a zero step: no energy across the gap), and today
 * 00:00 1300 → 00:45 1312.5 gives 12.5 kWh of valley today: 12.5 × 0.312345 = 3.9043125 → ¥3.90.
 * (Run before 00:46 the second reading is taken a minute ago instead: the whole stretch is valley either way.)
 */
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let wall: WallTab | undefined;
let token: string;
let interfaceKey: string;
const SHOTS = '/tmp/h9-shots';

const DEPARTMENT = { name: 'E2E Tariff Hall', code: 'E2E-TH', parentId: null, sort: 4 };
const METER = {
  code: 'E2E-TH-M',
  name: 'Tariff hall incomer',
  energyType: 'electricity',
  unit: 'kWh',
  ctRatio: 1,
  ptRatio: 1,
  ratedPowerKw: 1000,
  isMain: true,
};
const TARIFF = 'E2E TOU 2026';
const LAST_MONTH = dayjs().subtract(1, 'month').startOf('month');
const MONTH = LAST_MONTH.format('YYYY-MM');
const DAY = LAST_MONTH.date(15);
const at = (hhmm: string, day = DAY) =>
  day
    .hour(Number(hhmm.slice(0, 2)))
    .minute(Number(hhmm.slice(3)))
    .valueOf();
const PAST_READINGS: [string, number][] = [
  ['07:00', 1000],
  ['08:00', 1100],
  ['10:00', 1160],
  ['10:20', 1220],
  ['10:40', 1260],
  ['11:00', 1300],
];
const TODAY = dayjs().startOf('day');
/** Today's second reading: 00:45, or a minute ago when the day is younger than that (never in the future). */
const secondToday = (): string => {
  const minuteAgo = dayjs().subtract(1, 'minute');
  return minuteAgo.isBefore(TODAY.add(45, 'minute')) ? minuteAgo.format('HH:mm') : '00:45';
};
const todayReadings = (): [string, number][] => [
  ['00:00', 1300],
  [secondToday(), 1312.5],
];

/** The department's line and the totals row, leaf column by leaf column (bands in BAND_TYPES order). */
const LINE_CELLS = [
  ['60.00', '1.23456', '74.07'], // peak: energy, price, cost
  ['140.00', '0.7654', '107.16'], // flat
  ['100.00', '0.312345', '31.23'], // valley
  ['0.00', '0.00', '0.00', '0.00', '300.00', '212.46'], // unpriced, tier, apportioned energy and cost, total energy and cost
].flat();

let departmentId: number;

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  interfaceKey = await activeInterfaceKey(server.url, token, 'e2e tariff settlement');
  const gateways = await api<{ id: number }[]>('GET', '/api/gateways/options');
  departmentId = (await api<{ id: number }>('POST', '/api/departments', DEPARTMENT)).id;
  await api('POST', '/api/meters', { ...METER, gatewayId: gateways[0]!.id, departmentId });
});
afterEach(async (context) => {
  // A failed step leaves a picture of where it stood.
  if (context.task.result?.state === 'fail') {
    await tab?.page.screenshot({ path: `${SHOTS}/failed-${context.task.name.slice(0, 24).replace(/\W+/g, '-')}.png`, fullPage: true }).catch(() => undefined);
    await wall?.page.screenshot({ path: `${SHOTS}/failed-wall.png` }).catch(() => undefined);
  }
  await tab?.context.close();
  tab = undefined;
  await wall?.context.close();
  wall = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

async function ingest(readings: [string, number][], day: dayjs.Dayjs): Promise<void> {
  const body = { readings: readings.map(([time, kwh]) => ({ meter: METER.code, ts: at(time, day), values: { kwh } })) };
  // The ingest path keeps its meter list for up to 10 s: resend (idempotent) until the new meter is known.
  await vi.waitFor(
    async () => {
      const sent = await callApi<{ accepted: number; rejected: unknown[] }>(server.url, 'POST', '/api/ingest/readings', body, {
        'x-interface-key': interfaceKey,
      });
      if (sent.code !== 0 || sent.data.rejected.length > 0) throw new Error(`readings refused: ${JSON.stringify(sent)}`);
    },
    { timeout: 20_000, interval: 1_000 },
  );
}

async function openAsAdmin(path: string): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** Catalogue keys shown instead of their text: the money side's namespaces, and the console's own (helpers/console). */
async function rawKeys(page: Page): Promise<string[]> {
  const own = await page.evaluate(() => document.body.innerText.match(/\b(tariffs|settlement|tariffWidgets|shifts|completion|monthRegisters)\.[\w.-]+/g) ?? []);
  return [...own, ...(await visibleRawKeys(page))];
}

async function settle(page: Page, errors: string[], shot: string): Promise<void> {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  expect(await rawKeys(page)).toEqual([]);
  expect(errors).toEqual([]);
}

/** The open (not hidden) dropdown of a select. */
const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks a quarter-hour time in a searchable select: open it, type the time, take the match. */
async function pickTime(page: Page, select: Locator, time: string): Promise<void> {
  await select.click();
  await page.keyboard.type(time);
  await openDropdown(page)
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${time}$`) })
    .click();
  await expect.poll(() => select.locator('.ant-select-content').textContent()).toBe(time);
}

/** Picks an option by its exact text. */
async function pickOption(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await openDropdown(page)
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${text}$`) })
    .click();
  await expect.poll(() => select.locator('.ant-select-content').textContent()).toBe(text);
  await expect.poll(() => openDropdown(page).count()).toBe(0);
}

/** Texts of a table row's cells. */
const cellTexts = (row: Locator) => row.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));

describe('tariff → readings → settlement → close → export → wall', () => {
  it('defines the tariff in the editor and assigns it to the department', async () => {
    const page = await openAsAdmin('/devices/peakvalley');
    const errors = tab!.errors;
    // The list has answered (the page is settled) before the dialog opens.
    await page.locator('[data-testid^="tariff-row-"]').first().waitFor();
    await page.getByTestId('tariff-add').click();
    await page.getByTestId('tariff-name').fill(TARIFF);
    await expect.poll(() => page.getByTestId('tariff-name').inputValue()).toBe(TARIFF);
    await page.getByTestId('tariff-dialog-ok').click();
    // The dialog closes on a saved tariff; one that stays open says why (a field's message or the server's toast).
    await page
      .getByTestId('tariff-name')
      .waitFor({ state: 'detached' })
      .catch(async (error: unknown) => {
        const said = await page.locator('.ant-form-item-explain-error, .ant-message-notice').allInnerTexts();
        throw new Error(`the tariff dialog stayed open: ${JSON.stringify(said)}`, { cause: error });
      });
    await page.getByTestId('tariff-table').getByText(TARIFF).click();

    await page.getByTestId('version-add').click();
    const validFrom = page.getByTestId('version-validFrom');
    await validFrom.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(LAST_MONTH.format('YYYY-MM-DD'));
    await page.keyboard.press('Enter');
    await expect.poll(() => validFrom.inputValue()).toBe(LAST_MONTH.format('YYYY-MM-DD'));
    await page.getByTestId('version-note').fill('E2E: edge at 10:30');
    await page.getByTestId('price-peak').fill('1.23456');
    await page.getByTestId('price-flat').fill('0.7654');
    await page.getByTestId('price-valley').fill('0.312345');

    // The blank version's workday is one flat span 00:00–24:00; each "add span" starts where the last ends.
    const layout = 'layout-0-workday';
    const spans: [string, string, string][] = [
      ['00:00', '08:00', 'Valley'],
      ['08:00', '10:30', 'Flat'],
      ['10:30', '18:00', 'Peak'],
      ['18:00', '22:00', 'Flat'],
      ['22:00', '24:00', 'Valley'],
    ];
    for (const [index, [from, to, band]] of spans.entries()) {
      if (index > 0) await page.getByTestId(`${layout}-add`).click();
      const fromSelect = page.getByTestId(`${layout}-from-${index}`);
      expect(await fromSelect.locator('.ant-select-content').textContent()).toBe(from);
      if (to !== '24:00') await pickTime(page, page.getByTestId(`${layout}-to-${index}`), to);
      await pickOption(page, page.getByTestId(`${layout}-band-${index}`), band);
    }
    // The bar shows the five spans with an edge at 10:30, no gap and no overlap.
    const bar = page.getByTestId(`${layout}-bar`);
    expect(await bar.getByTestId(`${layout}-bar-segment`).count()).toBe(5);
    const edges = await bar.getByTestId(`${layout}-bar-edge`).allTextContents();
    expect(edges).toEqual(['00:00', '08:00', '10:30', '18:00', '22:00', '24:00']);
    expect(await bar.getByTestId(`${layout}-bar-gap`).count()).toBe(0);
    expect(await page.getByTestId('version-errors').count()).toBe(0);
    expect(await page.getByTestId('version-warnings').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/version-editor.png`, fullPage: true });

    await page.getByTestId('version-save').click();
    const versionRow = page.getByTestId('version-table').locator('tbody tr[data-row-key]');
    await versionRow.first().waitFor();
    expect(await versionRow.count()).toBe(1);
    expect(await versionRow.first().textContent()).toContain(`${LAST_MONTH.format('YYYY-MM-DD')} – `);
    await settle(page, errors, 'tariff-versions');
    await page.keyboard.press('Escape');
    await page.getByTestId('tariff-versions').waitFor({ state: 'hidden' });

    // The version as stored: prices as typed, the layout as drawn.
    const tariff = (await api<{ items: { id: number; name: string }[] }>('GET', '/api/tariffs')).items.find((row) => row.name === TARIFF);
    const versions = (
      await api<{ items: { definition: { prices: Record<string, string>; seasons: { layouts: Record<string, unknown> }[] } }[] }>(
        'GET',
        `/api/tariffs/${tariff!.id}/versions`,
      )
    ).items;
    expect(versions[0]!.definition.prices).toEqual({ peak: '1.23456', flat: '0.7654', valley: '0.312345' });
    expect(versions[0]!.definition.seasons[0]!.layouts.workday).toEqual(spans.map(([from, to, band]) => ({ from, to, band: band.toLowerCase() })));

    await page.getByTestId('tariffs-tab-assignments').click();
    await page.getByTestId(`assign-node-${departmentId}`).click();
    await pickOption(page, page.getByTestId(`assign-department-${departmentId}-electricity`), TARIFF);
    await expect.poll(() => page.getByTestId(`assign-source-department-${departmentId}-electricity`).textContent(), { timeout: 10_000 }).toContain(TARIFF);
    await settle(page, errors, 'tariff-assignment');
  });

  it('settles last month per band: 60 / 140 / 100 kWh, ¥74.07 / ¥107.16 / ¥31.23, ¥212.46 in all', async () => {
    await ingest(PAST_READINGS, DAY);
    // In the day's first two minutes there is no past minute to read at yet.
    while (dayjs().isBefore(TODAY.add(2, 'minute'))) await new Promise((resolve) => setTimeout(resolve, 5_000));
    await ingest(todayReadings(), TODAY);
    // Band rollups follow the ingest queue: wait until the settlement has them, then look at the screen.
    await vi.waitFor(
      async () => {
        const figures = await api<SettlementFigures>('GET', `/api/settlement?month=${MONTH}&by=department`);
        const line = figures.lines.find((row) => row.id === departmentId);
        if (line?.totalEnergy !== 300) throw new Error(`not yet: ${JSON.stringify(line)}`);
      },
      { timeout: 30_000, interval: 500 },
    );

    const page = await openAsAdmin('/settlement/energy');
    const errors = tab!.errors;
    expect(await page.getByTestId('settlement-month').inputValue()).toBe(MONTH);
    const row = page.getByTestId('settlement-table-electricity').locator('tr', { has: page.getByTestId(`settlement-line-${DEPARTMENT.code}`) });
    await row.waitFor();
    // Columns: department, then peak, flat and valley (energy, price, cost), unpriced, tier, apportioned, total.
    const headers = await page.getByTestId('settlement-table-electricity').locator('thead tr').first().locator('th').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual(['Department', 'Peak', 'Flat', 'Valley', 'Unpriced (kWh)', 'Tier adder', 'Apportioned', 'Total']);
    expect(await cellTexts(row)).toEqual([`${DEPARTMENT.name}${DEPARTMENT.code}`, ...LINE_CELLS]);
    // Only this department used energy: the totals row says the same.
    expect(await cellTexts(page.getByTestId('settlement-totals-electricity'))).toEqual(['Total', ...LINE_CELLS]);
    await settle(page, errors, 'settlement-open');

    // Close the month: confirm, then the closed state (the frozen snapshot) and Reopen instead of Close.
    await page.getByTestId('settlement-close').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    const closed = page.getByTestId('settlement-closed');
    await closed.waitFor();
    expect(await closed.textContent()).toMatch(
      new RegExp(`^Closed: version 1 of ${MONTH}, by .+ at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d\\. These are the frozen figures\\.$`),
    );
    await page.getByTestId('settlement-reopen').waitFor();
    expect(await page.getByTestId('settlement-close').count()).toBe(0);
    expect(await cellTexts(row)).toEqual([`${DEPARTMENT.name}${DEPARTMENT.code}`, ...LINE_CELLS]);
    await settle(page, errors, 'settlement-closed');
  });

  it('exports the closed month as XLSX whose department row holds the same figures', async () => {
    const page = await openAsAdmin('/settlement/energy-export');
    const errors = tab!.errors;
    expect(await page.getByTestId('export-month').inputValue()).toBe(MONTH);
    await page.getByTestId('export-start').click();
    const link = page.getByTestId('export-download');
    await link.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets.find((candidate) => candidate.name === 'Electricity');
    expect(sheet, `sheets: ${workbook.worksheets.map((s) => s.name).join(', ')}`).toBeDefined();
    const values = (rowNumber: number) => (sheet!.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Department',
      'Code',
      'Peak Energy (kWh)',
      'Peak Price',
      'Peak Cost',
      'Flat Energy (kWh)',
      'Flat Price',
      'Flat Cost',
      'Valley Energy (kWh)',
      'Valley Price',
      'Valley Cost',
      'Unpriced (kWh)',
      'Tier adder',
      'Apportioned (kWh)',
      'Apportioned cost',
      'Total energy (kWh)',
      'Total cost',
      'Estimated',
    ]);
    let found = 0;
    sheet!.eachRow((row, rowNumber) => {
      if (row.getCell(2).value === DEPARTMENT.code) found = rowNumber;
    });
    expect(found).toBeGreaterThan(1);
    const cells = values(found);
    // name, code; peak, flat, valley (energy, price, cost); unpriced, tier, apportioned energy and cost, total energy and cost.
    expect(cells.slice(0, 17)).toEqual([
      DEPARTMENT.name,
      DEPARTMENT.code,
      60,
      1.23456,
      74.07,
      140,
      0.7654,
      107.16,
      100,
      0.312345,
      31.23,
      0,
      0,
      0,
      0,
      300,
      212.46,
    ]);
    // The last row is the totals: the same figures.
    const last = values(sheet!.rowCount);
    expect(last.slice(2, 17)).toEqual(cells.slice(2, 17));
    await settle(page, errors, 'settlement-export');
  });

  it('shows today’s valley figure on a wall: 12.5 kWh, ¥3.90', async () => {
    const document: BoardDocumentInput = {
      schemaVersion: 1,
      meta: { name: 'E2E band cost', description: '' },
      canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
      elements: {
        bands: {
          type: 'band-cost',
          title: 'Tariff hall today',
          options: { period: 'today', digits: 1, showShare: true },
          binding: { departmentIds: [departmentId], energyType: 'electricity' },
        },
      },
      layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items: [{ element: 'bands', x: 0, y: 0, w: 10, h: 8 }] } },
    };
    const board = await createBoard(server.url, token, document);
    const display = await createDisplay(server.url, token, 'E2E band wall', { kind: 'boards', boardIds: [board.id] });
    wall = await openWall(browser);
    await wall.page.goto(display.link);
    const valley = wall.page.getByTestId('band-cost-row-valley');
    await valley.waitFor({ timeout: 70_000 });
    const rowTexts = () => valley.evaluate((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim()));
    expect(await rowTexts()).toEqual(['Valley', '12.5 kWh', '¥3.90', '100.0%']);
    expect(await wall.page.getByTestId('band-cost-energy').textContent()).toBe('12.5kWh');
    expect(await wall.page.getByTestId('band-cost-cost').textContent()).toBe('¥3.90');
    expect(await wall.page.locator('[data-testid^="band-cost-row-"]').count()).toBe(1);
    await settle(wall.page, wall.errors, 'wall-band-cost');
  });

  it('reopens the month only with a reason', async () => {
    const page = await openAsAdmin('/settlement/energy');
    const errors = tab!.errors;
    await page.getByTestId('settlement-closed').waitFor();
    await page.getByTestId('settlement-reopen').click();
    // (The test id sits on the modal's zero-size root: wait for its field.)
    await page.getByTestId('reopen-reason').waitFor();
    await page.getByTestId('reopen-confirm').click();
    await page.getByTestId('reopen-dialog').getByText('Give a reason for reopening').waitFor();
    expect((await api<{ state: string }[]>('GET', `/api/settlement-closes?month=${MONTH}`)).map((close) => close.state)).toEqual(['closed']);
    // The server refuses an empty reason too.
    const [close] = await api<{ id: number }[]>('GET', `/api/settlement-closes?month=${MONTH}`);
    const refused = await callApi(server.url, 'POST', `/api/settlement-closes/${close!.id}/reopen`, { reason: '  ' }, { authorization: `Bearer ${token}` });
    expect(refused.code).toBe(40000);
    await page.screenshot({ path: `${SHOTS}/reopen-reason.png`, fullPage: true });

    await page.getByTestId('reopen-reason').fill('Meter E2E-TH-M read again after a site check');
    await page.getByTestId('reopen-confirm').click();
    await page.getByTestId('settlement-close').waitFor();
    expect(await page.getByTestId('settlement-closed').count()).toBe(0);
    const row = page.getByTestId('settlement-table-electricity').locator('tr', { has: page.getByTestId(`settlement-line-${DEPARTMENT.code}`) });
    expect(await cellTexts(row)).toEqual([`${DEPARTMENT.name}${DEPARTMENT.code}`, ...LINE_CELLS]);
    await settle(page, errors, 'settlement-reopened');
  });
});
