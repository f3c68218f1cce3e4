import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { logIn, openTab, type ConsoleTab } from './helpers/console';

/** The third-party interface screens against the real server: a key's whole life and the calls made with it. */
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
const SHOTS = '/tmp/integrations-shots';
const KEY_NAME = 'E2E meter cloud';

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

async function openAsAdmin(path: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  tab = await openTab(browser);
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await tab.page.setViewportSize(viewport);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** What a third-party system does: one batch over HTTP with its key. */
async function sendBatch(key: string, readings: unknown[]) {
  const response = await fetch(`${server.url}/api/ingest/readings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-interface-key': key },
    body: JSON.stringify({ ts: Date.now() - 60_000, readings }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; data: { accepted: number; rejected: unknown[] } | null; message: string },
  };
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const notice = (page: Page, text: string) => page.locator('.ant-notification-notice', { hasText: text });
const keyRow = (page: Page) => page.locator('[data-testid^="key-row-"]', { hasText: KEY_NAME });
const rawKeys = (page: Page) => page.evaluate(() => document.body.innerText.match(/\bintegrations\.[\w.]+/g) ?? []);

describe('third-party interfaces against the real server', () => {
  it('creates a key shown once, activates it, refuses it twice, takes a batch with it, lists the call and revokes it', { timeout: 90_000 }, async () => {
    const page = await openAsAdmin('/thirdinterfaces/generic-interfaces');
    await page.getByTestId('send-readings-guide').waitFor();
    expect(await page.getByTestId('guide-endpoint').textContent()).toBe(`POST ${server.url}/api/ingest/readings`);
    expect(await page.getByTestId('guide-header').textContent()).toBe('x-interface-key: <your activated key>');
    expect(JSON.parse((await page.getByTestId('guide-payload').textContent()) ?? '')).toMatchObject({
      readings: [{ meter: 'M011', values: { kwh: 1234.56, kw: 41.2 } }, { meter: 'M002' }],
    });

    // Create: the full key appears once, with the warning and a copy button.
    await page.getByTestId('create-key').click();
    await page.getByTestId('create-key-name').fill(KEY_NAME);
    // On a loaded machine the dialog may still be opening; submit only once the form holds the name.
    await expect.poll(() => page.getByTestId('create-key-name').inputValue()).toBe(KEY_NAME);
    await page.getByTestId('create-key-ok').click();
    const issued = page.getByTestId('issued-key');
    await issued.waitFor();
    const key = await issued.inputValue();
    expect(key).toMatch(/^ek_[\w-]{20,}$/);
    expect(await page.getByTestId('issued-key-warning').textContent()).toBe(
      'This is the only time the full key is shown. Copy it now and keep it somewhere safe: it will not be shown again.',
    );
    await page.getByTestId('issued-key-copy').click();
    await toast(page, 'Copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await page.waitForTimeout(400); // the dialog's opening animation, for the screenshot
    await page.screenshot({ path: `${SHOTS}/issued-key.png` });
    await page.getByTestId('issued-key-done').click();
    await issued.waitFor({ state: 'detached' });
    // Afterwards only the last four characters are shown.
    await keyRow(page).getByText('Issued, not active').waitFor();
    expect(await keyRow(page).textContent()).toContain(`…${key.slice(-4)}`);
    expect(await page.evaluate((k) => document.body.innerText.includes(k), key)).toBe(false);

    // A batch before activation is refused.
    expect((await sendBatch(key, [{ meter: 'M011', values: { kwh: 10 } }])).body.code).toBe(10009);

    // Activate by pasting; a second time and an unknown key come back as the server's error toasts.
    await page.getByTestId('activate-key-input').fill(key);
    await page.getByTestId('activate-key-submit').click();
    await notice(page, `Key "${KEY_NAME}" activated`).waitFor();
    await keyRow(page).getByText('Active').waitFor();
    await page.getByTestId('activate-key-input').fill(key);
    await page.getByTestId('activate-key-submit').click();
    await toast(page, 'The sdk key has already been used').waitFor();
    await page.getByTestId('activate-key-input').fill('ek_not-a-key-of-ours');
    await page.getByTestId('activate-key-submit').click();
    await toast(page, 'The sdk key is invalid').waitFor();
    expect(await rawKeys(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/generic-interfaces-1366.png`, fullPage: true });

    // One batch: two good readings and one for a meter that does not exist.
    const batch = await sendBatch(key, [
      { meter: 'M011', values: { kwh: 1234.56, kw: 41.2 } },
      { meter: 'M002', values: { m3: 88.1, flow: 3.2 } },
      { meter: 'M999', values: { kwh: 1 } },
    ]);
    expect(batch.body.code).toBe(0);
    expect(batch.body.data?.accepted).toBe(2);
    expect(batch.body.data?.rejected).toHaveLength(1);

    await page.goto(`${server.url}/thirdinterfaces/call-record`);
    const rows = page.locator('[data-testid="call-records-table"] tbody tr[data-testid^="call-row-"]');
    await rows.first().waitFor();
    // Newest first: the accepted batch, then the refused one before activation.
    const cells = async (index: number) => (await rows.nth(index).locator('td').allTextContents()).map((text) => text.trim());
    const newest = await cells(0);
    expect([newest[0], newest[2], newest[3], newest[4], newest[5]]).toEqual([KEY_NAME, '127.0.0.1', '2', '1', '0 · Partly rejected']);
    expect(newest[6]).toMatch(/^\d{1,3}(,\d{3})*(\.\d)? ms$/);
    const refused = await cells(1);
    expect([refused[0], refused[3], refused[4], refused[5]]).toEqual([KEY_NAME, '0', '0', '10009 · Invalid key']);
    expect(await page.getByText('2 in all').count()).toBe(1);
    expect(await rawKeys(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/call-record-1366.png`, fullPage: true });

    // Revoke with a confirm: the key stops working.
    await page.goto(`${server.url}/thirdinterfaces/generic-interfaces`);
    await keyRow(page).getByText('Active').waitFor();
    await keyRow(page).locator('[data-testid^="revoke-key-"]').click();
    await page.getByText(`Revoke "${KEY_NAME}"? Systems sending with it are refused from now on.`).waitFor();
    await page.getByTestId('revoke-key-confirm').click();
    await notice(page, 'Key revoked').waitFor();
    await keyRow(page).getByText('Revoked').waitFor();
    expect(await keyRow(page).locator('[data-testid^="revoke-key-"]').count()).toBe(0);
    const afterRevoke = await sendBatch(key, [{ meter: 'M011', values: { kwh: 1300 } }]);
    expect([afterRevoke.status, afterRevoke.body.code, afterRevoke.body.message]).toEqual([400, 10009, 'The sdk key is invalid']);
    await page.getByTestId('activate-key-input').fill(key);
    await page.getByTestId('activate-key-submit').click();
    await toast(page, 'The sdk key is invalid').waitFor();
    expect(tab!.errors.filter((error) => !/status of (400|409)/.test(error))).toEqual([]);
  });

  it('stays readable on a 4K wall screen', async () => {
    const page = await openAsAdmin('/thirdinterfaces/generic-interfaces', { width: 3840, height: 2160 });
    await keyRow(page).waitFor();
    await page.screenshot({ path: `${SHOTS}/generic-interfaces-3840.png` });
    await page.goto(`${server.url}/thirdinterfaces/call-record`);
    await page.locator('[data-testid^="call-row-"]').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/call-record-3840.png` });
  });
});
