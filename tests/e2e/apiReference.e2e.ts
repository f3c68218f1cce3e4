import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { logIn, openTab } from './helpers/console';

/**
 * An integrator opens the API reference from Third-party interfaces: the page is served by this server
 * (nothing fetched from another origin), runs under the pages' Content-Security-Policy without one
 * refusal, and shows the generated document: every route group, an operation's access and its answers.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the API reference page', () => {
  it('opens from Third-party interfaces in a new tab, self-hosted and within the policy', async () => {
    const tab = await openTab(browser, () => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.warn(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
      );
    });
    const refusals: string[] = [];
    const elsewhere: string[] = [];
    tab.context.on('console', (message) => {
      if (/CSP violation|Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
    });
    tab.context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.url) && !url.startsWith('data:')) elsewhere.push(url);
    });
    await tab.page.goto(`${server.url}/login`);
    await logIn(tab.page);
    await tab.page.waitForURL(`${server.url}/dashboard`);
    await tab.page.goto(`${server.url}/thirdinterfaces/generic-interfaces`);
    const link = tab.page.getByTestId('contract-referencePage');
    expect(await link.textContent()).toBe('API reference');

    const [reference] = await Promise.all([tab.context.waitForEvent('page'), link.click()]);
    await reference.waitForLoadState();
    expect(new URL(reference.url()).pathname).toBe('/docs/api/');
    await reference.getByRole('heading', { name: /Energy Console API/ }).waitFor();
    await reference.locator('.opblock-tag').first().waitFor();
    const groups = await reference.locator('.opblock-tag').allTextContents();
    for (const tag of ['interface-keys', 'ingest', 'health', 'openapi.json'])
      expect(
        groups.some((text) => text.startsWith(tag)),
        tag,
      ).toBe(true);

    await reference.locator('.opblock-tag', { hasText: /^interface-keys/ }).click();
    await reference.locator('#operations-interface-keys-deleteInterfaceKeysById .opblock-summary-control').click();
    const revoke = reference.locator('#operations-interface-keys-deleteInterfaceKeysById');
    await revoke.locator('.responses-wrapper').waitFor();
    expect(await revoke.locator('.opblock-description-wrapper').textContent()).toContain('Access: the permission /thirdinterfaces/generic-interfaces/delete');
    const statuses = await revoke.locator('.responses-table > tbody > tr.response').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code')));
    expect(statuses).toEqual(['200', '400', '401', '403', '404', '413', '415', '500']);
    expect(await revoke.locator('tr.response[data-code="404"] .response-col_description').first().textContent()).toContain('40400 NOT_FOUND');

    await reference.waitForTimeout(1000);
    expect(refusals).toEqual([]);
    expect(elsewhere).toEqual([]);
    await tab.context.close();
  });
});
