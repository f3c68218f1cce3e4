import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { logIn, openTab, type ConsoleTab } from './helpers/console';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
const FILES = '/tmp/resource-exchange-e2e';

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(FILES, { recursive: true });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('export and import on a generated resource screen', () => {
  it('imports a CSV with a bad row: the row is listed with its line and reason, the good rows are kept, the export has them', async () => {
    tab = await openTab(browser);
    const { page } = tab;
    await page.goto(`${server.url}/devices/tag`);
    await logIn(page);
    await page.getByTestId('resource-table').waitFor();

    const file = `${FILES}/tags.csv`;
    writeFileSync(file, 'Name,Colour\nE2E-red,#E74C3C\nE2E-bad,red\nE2E-blue,#3498DB\n');
    await page.getByTestId('resource-import').click();
    await page.locator('[data-testid="import-dialog"] input[type="file"]').setInputFiles(file);
    const problems = page.getByTestId('import-problems');
    await problems.waitFor();
    expect(await page.getByTestId('import-summary').textContent()).toBe('3 rows: 2 good, 1 with errors');
    expect(await problems.locator('tbody tr').allTextContents()).toEqual(['3Colour: Colour must be #RRGGBB, e.g. #409EFF']);
    // Nothing is written before the choice.
    expect(await page.getByTestId('resource-table').locator('tbody tr', { hasText: 'E2E-red' }).count()).toBe(0);

    await page.getByTestId('import-keep-good').click();
    expect(await page.getByTestId('import-outcome').textContent()).toBe('2 rows imported');
    await page.getByTestId('import-close').click();
    await page.getByTestId('resource-table').locator('tbody tr', { hasText: 'E2E-blue' }).waitFor();

    await page.getByTestId('resource-search').locator('input').fill('E2E-');
    await page.getByTestId('resource-search').locator('input').press('Enter');
    await page.getByTestId('resource-table').locator('tbody tr', { hasText: 'E2E-red' }).waitFor();
    await page.getByTestId('resource-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('resource-export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^tags-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = `${FILES}/export.csv`;
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe('\uFEFFName,Colour\r\nE2E-blue,#3498DB\r\nE2E-red,#E74C3C\r\n');
    expect(tab.errors).toEqual([]);
  });
});
