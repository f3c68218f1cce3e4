import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
const SHOTS = '/tmp/resource-shots';

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAsAdmin(path: string): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** The input inside a form field's widget (antd puts the test id on a wrapper or the input itself). */
const fieldInput = (page: Page, name: string) => page.locator(`[data-testid="field-${name}"]`).locator('xpath=descendant-or-self::input').first();
const visibleTable = (page: Page) => page.locator('[data-testid="resource-table"]:visible');

describe('resource screens against the real server', () => {
  it('lists the seeded demo meters on /base/device and checks the CT ratio on blur', async () => {
    const token = await apiToken(server.url);
    const meters = (await (await fetch(`${server.url}/api/meters?size=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { total: number };
    };
    expect(meters.data.total).toBeGreaterThanOrEqual(30);

    const page = await openAsAdmin('/base/device');
    const firstRow = visibleTable(page).locator('tbody tr', { hasText: 'M001' });
    await firstRow.waitFor();
    expect(await firstRow.textContent()).toContain('Plant incomer');
    // Department and gateway read as names, not ids, once the picker options are in.
    await firstRow.getByText('Main Plant').waitFor();
    await page.getByText(`${meters.data.total} in all`).waitFor();
    expect(await page.evaluate(() => document.body.innerText.match(/\bresources\.[\w.]+/g) ?? [])).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/base-device.png` });

    await page.getByTestId('resource-add').click();
    const ct = fieldInput(page, 'ctRatio');
    await ct.fill('0');
    await ct.blur();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Must be greater than 0' }).waitFor();
    await page.waitForTimeout(400); // let the dialog's opening animation finish for the screenshot
    await page.screenshot({ path: `${SHOTS}/meter-dialog.png` });
    await ct.fill('40');
    await ct.blur();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Must be greater than 0' }).waitFor({ state: 'detached' });
    expect(tab!.errors).toEqual([]);
  });

  it('creates a sub-item through the dialog, lists it, and deletes it', async () => {
    const page = await openAsAdmin('/devices/subitem');
    await visibleTable(page).waitFor();
    await page.getByTestId('resource-add').click();
    await fieldInput(page, 'code').fill('E2E-SUB');
    await fieldInput(page, 'name').fill('E2E sub-item');
    await fieldInput(page, 'sort').fill('7');
    await page.getByTestId('resource-form-ok').click();
    await page.locator('.ant-notification-notice', { hasText: 'Saved' }).waitFor();
    const row = visibleTable(page).locator('tbody tr', { hasText: 'E2E-SUB' });
    await row.waitFor();
    expect(await row.textContent()).toContain('E2E sub-item');

    await row.locator('[data-testid^="resource-delete-"]').click();
    await page.getByTestId('resource-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect(tab!.errors).toEqual([]);
  });

  it('shows the department tree with meter counts and the chosen department meters', async () => {
    const page = await openAsAdmin('/devices/depart');
    const line1 = page.getByTestId('department-node-LINE-1');
    await line1.waitFor();
    expect(await line1.textContent()).toContain('3');
    await line1.click();
    await page.getByText('Meters of Line 1 (LINE-1)').waitFor();
    await visibleTable(page).locator('tbody tr', { hasText: 'M011' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/devices-depart.png` });
    expect(tab!.errors).toEqual([]);
  });
});
