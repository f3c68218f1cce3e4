import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ShipVoyagesAnswer } from '@shared/ships/api';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken, logIn, visibleRawKeys } from './helpers/console';

/**
 * A ship's CII rating screen on a real server (no demo) and a real Chromium. Set-up through the API: bulk carrier
 * "E2E Pacific Ore" (IMO 9074729, 80,000 DWT) with one voyage of three legs and four fuel entries, all in or across
 * UTC year 2025 (IMO counts calendar years in UTC):
 *   leg 1  2024-12-27 00:00Z → 2025-01-06 00:00Z, ballast, 2,000 nm, HFO 80 t on the leg → half of its time in 2025:
 *          1,000 nm and 40 t count in 2025 (the other half in 2024)
 *   leg 2  2025-02-01 → 2025-05-01, laden 75,000 t, 24,000 nm, HFO 1,960 t on the leg
 *   leg 3  2025-06-01 → 2025-09-01, ballast, 25,000 nm, HFO 2,000 t on the leg
 *   at berth 2025-10-15: marine gas oil (diesel_gas_oil) 300 t, no leg
 * 2025: distance 1,000 + 24,000 + 25,000 = 50,000 nm; HFO 40 + 1,960 + 2,000 = 4,000 t; MGO 300 t.
 *   CO2 (Cf, MEPC.364(79)): 4,000 × 3.114 + 300 × 3.206 = 12,456 + 961.8 = 13,417.8 t
 *   attained (G1, actual DWT) = 13,417.8 × 10⁶ g / (80,000 × 50,000) = 3.35445 g CO2/(DWT·nm)
 *   reference (G2, MEPC.353(78), bulk carrier < 279,000 DWT: a = 4745, c = 0.622):
 *     ln 80,000 = 11.289782; × 0.622 = 7.022244; e^−7.022244 = 0.000891820; × 4745 = 4.231694
 *   required 2025 (Z = 9 %, MEPC.338(76)) = 0.91 × 4.231694 = 3.850841
 *   boundaries (G4, MEPC.354(78), bulk carrier exp(d) = 0.86, 0.94, 1.06, 1.18) × 3.850841 =
 *     superior 3.3117, lower 3.6198, upper 4.0819, inferior 4.5440
 *   3.3117 ≤ 3.35445 < 3.6198 → B; ratio 3.35445 / 3.850841 = 87.1 %.
 * Projection at 3.35445 against the later required lines (Z 2026 11 %, 2027 13.625 %, 2028 16.25 % by MEPC.400(83)):
 *   2026 required 0.89 × 4.231694 = 3.766208, lower 0.94 × that = 3.5402 → still B
 *   2027 required 0.86375 × 4.231694 = 3.655126, lower 3.4358 → still B
 *   2028 required 0.8375 × 4.231694 = 3.544044, lower 3.3314 ≤ 3.35445 < upper 3.7567 → C: the drop year is 2028.
 * 2024 (the other half of leg 1): 40 × 3.114 × 10⁶ / (80,000 × 1,000) = 1.557 → A (nothing is sailed in 2023 or 2026).
 */

const SHOTS = '/tmp/industry-acceptance-shots';
let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let errors: string[] = [];
let token: string;
let shipId: number;

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'off', SIMULATOR: 'off', TIME_ZONE: 'Asia/Shanghai' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);

  shipId = (
    await api<{ id: number }>('POST', '/api/ships', {
      imoNumber: '9074729',
      name: 'E2E Pacific Ore',
      shipType: 'bulk_carrier',
      dwt: 80_000,
      gt: 44_000,
      flag: 'Panama',
      yearBuilt: 2012,
    })
  ).id;
  await api('POST', `/api/ships/${shipId}/voyages`, {
    code: 'E2E-V1',
    legs: [
      {
        portFrom: 'Qingdao',
        portTo: 'Port Hedland',
        departureAt: '2024-12-27T00:00:00Z',
        arrivalAt: '2025-01-06T00:00:00Z',
        distanceNm: 2000,
        cargo: 0,
        cargoUnit: 't',
        condition: 'ballast',
      },
      {
        portFrom: 'Port Hedland',
        portTo: 'Rotterdam',
        departureAt: '2025-02-01T00:00:00Z',
        arrivalAt: '2025-05-01T00:00:00Z',
        distanceNm: 24_000,
        cargo: 75_000,
        cargoUnit: 't',
        condition: 'laden',
      },
      {
        portFrom: 'Rotterdam',
        portTo: 'Qingdao',
        departureAt: '2025-06-01T00:00:00Z',
        arrivalAt: '2025-09-01T00:00:00Z',
        distanceNm: 25_000,
        cargo: 0,
        cargoUnit: 't',
        condition: 'ballast',
      },
    ],
  });
  const [voyage] = (await api<ShipVoyagesAnswer>('GET', `/api/ships/${shipId}/voyages`)).voyages;
  const legIds = voyage!.legs.map((leg) => leg.id);
  const entry = (legId: number | null, fuel: string, entryDay: string, tonnes: number, bdnNumber: string) =>
    api('POST', '/api/ship-fuel-entries', { shipId, legId, fuel, entryDay, tonnes, source: 'bdn', bdnNumber });
  await entry(legIds[0]!, 'hfo', '2024-12-27', 80, 'BDN-E2E-1');
  await entry(legIds[1]!, 'hfo', '2025-02-01', 1960, 'BDN-E2E-2');
  await entry(legIds[2]!, 'hfo', '2025-06-01', 2000, 'BDN-E2E-3');
  await entry(null, 'diesel_gas_oil', '2025-10-15', 300, 'BDN-E2E-4');

  context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US' });
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

const text = async (testId: string) => (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

describe('ship rating screen', () => {
  it('shows the 2025 letter, attained and required CII, the G4 boundaries and the year the rating drops', async () => {
    await page.goto(`${server.url}/energy-efficiency-management/ship-energy-consumption`);
    await logIn(page);
    await page.waitForURL(`${server.url}/energy-efficiency-management/ship-energy-consumption`);
    await page.getByTestId(`fleet-open-${shipId}`).click();
    const rating = page.getByTestId('ship-rating');
    await rating.waitFor();
    await page.getByTestId('rating-year').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '2025' }).click();
    await page.getByTestId('rating-year').getByText('2025').waitFor();
    await page.getByTestId('rating-boundaries').waitFor();

    expect(await text('rating-letter')).toBe('B');
    // The unit is a span of its own, set apart by CSS.
    expect(await text('rating-attained')).toBe('3.35g CO₂ / (DWT · nm)');
    expect(await text('rating-required')).toBe('3.85g CO₂ / (DWT · nm)');
    expect(await text('rating-ratio')).toBe('87.1 %');
    expect(await text('rating-z')).toBe('9 %');
    expect(await text('rating-capacity')).toBe('80,000');
    expect(await text('rating-reference')).toBe('a = 4,745, c = 0.622 → 4.23');
    expect(await text('rating-distance')).toBe('50,000 nm');
    expect(await text('rating-co2')).toBe('13,417.8 t');
    expect(await text('rating-legs')).toBe('3');
    expect(await text('boundary-superior')).toBe('Superior (A | B) 3.31');
    expect(await text('boundary-lower')).toBe('Lower (B | C) 3.62');
    expect(await text('boundary-upper')).toBe('Upper (C | D) 4.08');
    expect(await text('boundary-inferior')).toBe('Inferior (D | E) 4.54');
    expect(await page.getByTestId('rating-ytd').count()).toBe(0);
    expect(await text('rating-drop')).toBe('At the current intensity (3.35 g CO₂ / (DWT · nm), 2025), the rating drops from B to C in 2028.');
    // Each year with its letter badge: none sailed in 2023, nothing yet in 2026.
    expect(await text('rating-years')).toBe('2023– 2024A 2025B 2026–');
    expect(await text('rating-fuels')).toBe('Diesel / gas oil: 300 t → CO₂ 961.8 t Heavy fuel oil (HFO): 4,000 t → CO₂ 12,456 t');
    const sources = await text('rating-sources');
    for (const resolution of ['MEPC.353(78)', 'MEPC.354(78)', 'MEPC.338(76)']) expect(sources).toContain(resolution);

    await page.waitForTimeout(1200); // the chart's entry animation
    await page.getByTestId('fleet').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/ship-fleet-en.png` });
    await page.getByTestId('rating-drop').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/ship-rating-en.png` });
    await page.getByTestId('rating-sources').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/ship-rating-sources-en.png` });
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
