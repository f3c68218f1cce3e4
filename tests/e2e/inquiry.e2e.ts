import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';

let server: RunningServer;
let browser: Browser;
const tabs: ConsoleTab[] = [];

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) await tab.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tab(): Promise<Page> {
  const opened = await openTab(browser);
  tabs.push(opened);
  return opened.page;
}

/** The input inside a form field's widget (antd puts the test id on a wrapper or on the input itself). */
const fieldInput = (page: Page, name: string) =>
  page.locator(`[data-testid="field-${name}"]`).locator('xpath=descendant-or-self::*[self::input or self::textarea]').first();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('inquiries against the real server', () => {
  it('an announcement made on /inquiry/adpost shows on the login page and as a home banner that stays dismissed', async () => {
    const admin = await tab();
    await admin.goto(`${server.url}/inquiry/adpost`);
    await logIn(admin);
    await admin.waitForURL(`${server.url}/inquiry/adpost`);
    // The demo's two announcements are listed.
    await admin.locator('[data-testid="resource-table"]:visible tbody tr', { hasText: 'Energy-saving week' }).waitFor();

    await admin.getByTestId('resource-add').click();
    await fieldInput(admin, 'title').fill('Chiller 2 out of service');
    await fieldInput(admin, 'body').fill('Chiller 2 is serviced today.\nHall B runs on chiller 1.');
    await admin.getByTestId('field-onLogin').click();
    await fieldInput(admin, 'startsOn').fill(day(-1));
    await fieldInput(admin, 'endsOn').fill('2026-02-30');
    await fieldInput(admin, 'endsOn').blur();
    // A field's own rule on blur; the rule between two fields when saving (the server's schema, both times).
    await admin.locator('.ant-form-item-explain-error', { hasText: 'Date must be a real calendar date' }).waitFor();
    await fieldInput(admin, 'endsOn').fill(day(-2));
    await admin.getByTestId('resource-form-ok').click();
    await admin.locator('.ant-form-item-explain-error', { hasText: 'The end date must not be before the start date' }).waitFor();
    await fieldInput(admin, 'endsOn').fill(day(2));
    await admin.getByTestId('resource-form-ok').click();
    const row = admin.locator('[data-testid="resource-table"]:visible tbody tr', { hasText: 'Chiller 2 out of service' });
    await row.waitFor();
    expect(await visibleRawKeys(admin)).toEqual([]);

    // Signed out: the login page shows it (plain text, line break kept) and the operator's contact line.
    const visitor = await tab();
    await visitor.goto(`${server.url}/login`);
    const notice = visitor.getByTestId('login-announcements').locator('[data-testid^="login-announcement-"]', { hasText: 'Chiller 2 out of service' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Chiller 2 is serviced today.\nHall B runs on chiller 1.');
    expect(await visitor.getByTestId('login-announcements').innerText()).not.toContain('Energy-saving week');
    expect(await visitor.getByTestId('login-contact-email').innerText()).toBe('support@energy.local');

    // Signed in: a banner on the home, dismissed for good.
    await logIn(visitor);
    await visitor.waitForURL(`${server.url}/dashboard`);
    const banner = visitor.getByTestId('home-announcements').locator('.ant-alert', { hasText: 'Chiller 2 out of service' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Dismiss this announcement' }).click();
    await banner.waitFor({ state: 'detached' });
    await visitor.reload();
    await visitor.getByTestId('home-announcements').locator('.ant-alert', { hasText: 'Energy-saving week' }).waitFor();
    expect(await visitor.getByTestId('home-announcements').innerText()).not.toContain('Chiller 2 out of service');
  });

  it("the navbar's help finds an article by keyword and shows it as Markdown, in the reader's language", async () => {
    const page = await tab();
    await page.goto(`${server.url}/dashboard`);
    await logIn(page);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('help-button').click();
    const drawer = page.getByTestId('help-drawer');
    await drawer.getByTestId('help-hits').waitFor();
    await drawer.getByTestId('help-search').locator('input').fill('display token');
    await drawer.getByTestId('help-search').locator('input').press('Enter');
    const hit = drawer.locator('[data-testid^="help-hit-"]');
    await hit.filter({ hasText: 'How to put a board on a wall' }).waitFor();
    // The list narrows once the search answer lands; until then the unfiltered hits are still shown.
    await expect.poll(() => hit.count(), { timeout: 10_000 }).toBe(1);
    await hit.click();
    const body = drawer.getByTestId('help-article-body');
    expect(await body.locator('ol li').count()).toBe(3);
    expect(await body.locator('strong').first().innerText()).toBe('Settings › Board configuration');
    expect(await drawer.getByTestId('help-contact').innerText()).toContain('Energy Console Demo Ltd.');
    expect(await visibleRawKeys(page)).toEqual([]);
  });

  it('searches in Spanish for a Spanish reader, and a message written from the help centre is listed on Contact us', async () => {
    const opened = await openTab(browser, () => {
      document.cookie = 'language=es; path=/';
    });
    tabs.push(opened);
    const { page } = opened;
    await page.goto(`${server.url}/dashboard`);
    await logIn(page);
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByTestId('help-button').click();
    const drawer = page.getByTestId('help-drawer');
    await drawer.getByTestId('help-search').locator('input').fill('tablero');
    await drawer.getByTestId('help-search').locator('input').press('Enter');
    await drawer.locator('[data-testid^="help-hit-"]', { hasText: 'Cómo poner un tablero en una pantalla mural' }).waitFor();
    // The drawer's first (empty) search may answer after this one and redraw the list: wait for it to settle.
    await expect.poll(() => drawer.locator('[data-testid^="help-hit-"]').count()).toBe(1);

    await drawer.getByTestId('help-write-us').click();
    const form = page.getByTestId('contact-form');
    // Name and e-mail come from the account.
    expect(await form.getByTestId('contact-name').inputValue()).toBe('Administrator');
    await form.getByTestId('contact-subject').fill('Contador M050 sin datos');
    await form.getByTestId('contact-message').fill('Desde las 08:00 no llegan lecturas.');
    await page.getByTestId('contact-send').click();
    await form.waitFor({ state: 'detached' });

    await page.goto(`${server.url}/inquiry/contactUs`);
    const row = page.getByTestId('contact-messages-table').locator('tr', { hasText: 'Contador M050 sin datos' });
    await row.waitFor();
    expect(await row.innerText()).toContain('admin@energy.local');
    await row.locator('[data-testid^="contact-handled-"]').click();
    await page.getByTestId('contact-messages-state').getByText('Atendidos').click();
    await page.getByTestId('contact-messages-table').locator('tr', { hasText: 'Contador M050 sin datos' }).waitFor();
    expect(await visibleRawKeys(page)).toEqual([]);
  });
});
