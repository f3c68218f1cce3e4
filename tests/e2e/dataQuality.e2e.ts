import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import dayjs from 'dayjs';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';
import { apiData } from './helpers/api';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let token: string;
let interfaceKey: string;
const SHOTS = '/tmp/dataquality-shots';
const QUARTER_MS = 15 * 60_000;

/**
 * M011 "Line 1 press": not a main meter, so the seed rates it 800 kW with CT = PT = 1. A register step
 * of 1,000 kWh in 15 minutes is far above 800 kW × 0.25 h × 1.2 = 240 kWh: it is quarantined.
 */
const METER = 'M011';
const STEP_START = Math.floor(Date.now() / QUARTER_MS) * QUARTER_MS - 2 * QUARTER_MS;
const STEP_END = STEP_START + QUARTER_MS;

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  const created = await api<{ key: string }>('POST', '/api/interface-keys', { name: 'e2e data quality' });
  interfaceKey = created.key;
  await api('POST', '/api/interface-keys/activate', { key: interfaceKey });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiData<T>(server.url, token, method, path, body);

interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: { index: number; meter: string | null; reason: string }[];
}

async function ingest(readings: unknown[]): Promise<IngestAnswer> {
  const response = await fetch(`${server.url}/api/ingest/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-interface-key': interfaceKey },
    body: JSON.stringify({ ts: Date.now(), readings }),
  });
  return ((await response.json()) as { data: IngestAnswer }).data;
}

async function openAsAdmin(path: string): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** Catalogue keys of this feature's namespaces shown instead of their text. */
const rawKeys = (page: Page) => page.evaluate(() => document.body.innerText.match(/\b(dataQuality|deviceAdmin|resources)\.[\w.]+/g) ?? []);
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });

/** A screenshot at the spec's reference size and on a 4K wall display. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // let drawers and dialogs finish opening
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 3840, height: 2160 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-3840.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('data quality and device administration against the real server', () => {
  it('quarantines an implausible step, corrects it on /base/check and shows the audit trail', async () => {
    const answer = await ingest([
      { meter: METER, ts: STEP_START, values: { kwh: 1000, kw: 120 } },
      { meter: METER, ts: STEP_END, values: { kwh: 2000, kw: 130 } },
    ]);
    expect(answer).toEqual({ accepted: 2, duplicates: 0, rejected: [] });

    const page = await openAsAdmin('/base/check');
    const row = page.locator('[data-testid="quarantine-table"] tbody tr', { hasText: METER });
    await row.waitFor();
    const id = Number(await row.getAttribute('data-row-key'));
    expect(await page.getByTestId(`quarantine-energy-${id}`).innerText()).toBe('1,000 kWh ×4.2\nrating allows 240 kWh');
    const rowText = await row.innerText();
    expect(rowText).toContain('Line 1 press');
    expect(rowText).toContain('1,000 → 2,000');
    expect(rowText).toContain('Pending');
    expect(rowText).toContain(dayjs(STEP_START).format('YYYY-MM-DD HH:mm:ss'));
    expect(rowText).toContain(dayjs(STEP_END).format('YYYY-MM-DD HH:mm:ss'));
    await shoot(page, 'check-quarantine');

    await page.getByTestId(`quarantine-correct-${id}`).click();
    const energy = page.getByTestId('resolve-energy');
    await energy.focus();
    await energy.blur();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Please enter the corrected energy' }).waitFor();
    await energy.fill('180');
    await page.getByTestId('resolve-note').fill('Register jumped during a meter test');
    await shoot(page, 'check-correct-dialog');
    await page.getByTestId('resolve-ok').click();
    await notice(page, 'M011 corrected: 180 kWh counts').waitFor();
    // Pending is the default filter: the corrected step leaves the list.
    await row.waitFor({ state: 'detached' });

    const item = (
      await api<{ rows: { _id: number; status: string; correctedEnergy: number; resolvedBy: string }[] }>(
        'GET',
        `/api/quarantine?meterId=${(await api<{ rows: { id: number }[] }>('GET', `/api/meters?keyword=${METER}`)).rows[0]!.id}`,
      )
    ).rows[0]!;
    expect(item).toMatchObject({ _id: id, status: 'corrected', correctedEnergy: 180, resolvedBy: 'admin' });

    await page.getByTestId('quarantine-filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Corrected' }).click();
    const correctedRow = page.locator('[data-testid="quarantine-table"] tbody tr', { hasText: METER });
    await correctedRow.waitFor();
    const correctedText = await correctedRow.innerText();
    expect(correctedText).toContain('counts 180 kWh');
    expect(correctedText).toContain('admin');
    expect(correctedText).toContain('Register jumped during a meter test');

    await page.getByTestId(`quarantine-audit-${id}`).click();
    const audit = page.locator('[data-testid="audit-table"] tbody tr', { hasText: 'Corrected' });
    await audit.waitFor();
    const auditText = await audit.innerText();
    expect(auditText).toContain('admin');
    expect(auditText).toContain('Claimed: 1,000');
    expect(auditText).toContain('Counted: 180');
    await shoot(page, 'check-audit');
    expect(await rawKeys(page)).toEqual([]);
    expect(tab!.errors).toEqual([]);
  });

  it('lists a reading for an unknown meter with its reason on the Rejected readings tab', async () => {
    const answer = await ingest([{ meter: 'NOPE', ts: Date.now() - 60_000, values: { kwh: 1 } }]);
    expect(answer.rejected).toEqual([{ index: 0, meter: 'NOPE', reason: 'unknown meter "NOPE"' }]);

    const page = await openAsAdmin('/base/check');
    await page.getByTestId('data-check-tab-rejections').click();
    const row = page.locator('[data-testid="rejections-table"] tbody tr', { hasText: 'unknown meter "NOPE"' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(1)).toEqual(['HTTP', '—', 'NOPE', 'unknown meter "NOPE"']);
    await page.getByTestId('rejections-filter-source').click();
    await page.locator('.ant-select-item-option', { hasText: 'MQTT' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('No readings were refused').waitFor();
    await page.getByTestId('rejections-filter-source').hover();
    await page.locator('[data-testid="rejections-filter-source"] .ant-select-clear').click();
    await row.waitFor();
    await shoot(page, 'check-rejections');
    expect(await rawKeys(page)).toEqual([]);
    expect(tab!.errors).toEqual([]);
  });

  it('records a meter replacement on /base/device and lists it with the credited energy', async () => {
    const meterId = (await api<{ rows: { id: number; code: string }[] }>('GET', `/api/meters?keyword=${METER}`)).rows.find((m) => m.code === METER)!.id;
    const page = await openAsAdmin('/base/device');
    const history = page.getByTestId(`meter-history-${meterId}`);
    await history.waitFor();
    expect(await history.getAttribute('href')).toBe(`/base/meterData?meterId=${meterId}`);
    await shoot(page, 'device-meters');

    await page.getByTestId(`meter-replacements-${meterId}`).click();
    await page.getByText('This meter has not been replaced yet').waitFor();
    // After the last stored reading (STEP_END, register 2,000) and not in the future.
    const replacedAt = dayjs().subtract(2, 'minute').startOf('second');
    const picker = page.getByTestId('replacement-replacedAt');
    await picker.click();
    await picker.fill(replacedAt.format('YYYY-MM-DD HH:mm:ss'));
    await picker.press('Enter');
    await page.getByTestId('replacement-oldSerial').fill('SN-OLD-1');
    await page.getByTestId('replacement-newSerial').fill('SN-NEW-7');
    // 2,010 − 2,000 = 10 kWh credited (CT = PT = 1); the next cycle starts at 5.
    await page.getByTestId('replacement-oldFinalReading').fill('2010');
    await page.getByTestId('replacement-newInitialReading').fill('5');
    await page.getByTestId('replacement-note').fill('Swapped after the register jump');
    await shoot(page, 'device-replacement-form');
    await page.getByTestId('replacement-save').click();
    await notice(page, 'Replacement of M011 recorded: 10 kWh credited').waitFor();
    const row = page.locator('[data-testid="replacements-table"] tbody tr', { hasText: 'SN-OLD-1 → SN-NEW-7' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells).toEqual([
      `${replacedAt.format('YYYY-MM-DD HH:mm:ss')}\nadmin`,
      'SN-OLD-1 → SN-NEW-7',
      '2,010 → 5',
      '10 kWh',
      'Swapped after the register jump',
    ]);
    await shoot(page, 'device-replacements');
    expect(await rawKeys(page)).toEqual([]);
    expect(tab!.errors).toEqual([]);
  });

  it('sets the MQTT credentials of a gateway on the Gateways tab', async () => {
    const gateway = (await api<{ rows: { id: number; sn: string }[] }>('GET', '/api/gateways')).rows.find((g) => g.sn === 'GW-DEMO-01')!;
    const page = await openAsAdmin('/base/device');
    await page.getByTestId('device-tab-gateways').click();
    await page.getByTestId(`gateway-credentials-${gateway.id}`).click();
    const username = page.getByTestId('credentials-username');
    expect(await username.inputValue()).toBe('GW-DEMO-01');
    const password = page.getByTestId('credentials-password');
    await password.fill('short');
    await password.blur();
    await page.locator('.ant-form-item-explain-error', { hasText: 'At least 8 characters' }).waitFor();
    await username.fill('gw demo');
    await username.blur();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Letters, digits and . _ @ - only' }).waitFor();
    await username.fill('gw-demo-01');
    await password.fill('Line1-secret-42');
    await shoot(page, 'device-credentials');
    await page.getByTestId('credentials-ok').click();
    await notice(page, 'MQTT credentials saved: GW-DEMO-01 logs in as gw-demo-01').waitFor();
    await shoot(page, 'device-gateways');
    expect(await rawKeys(page)).toEqual([]);
    expect(tab!.errors).toEqual([]);
  });
});
