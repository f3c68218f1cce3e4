import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchErrors } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';

// The member page (/member) on a phone-sized window against the real server with the demo on and no SMS provider:
// the demo code comes back in the answer, fills itself in, and the member sees its room's balance. No console token.
let server: RunningServer;
let browser: Browser;
const PHONE = '13911112222';

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'on' });
  browser = await launchBrowser();
  // The tenant, its room and an open account with 123.45 on it, straight into the server's database.
  const db = new Database(join(server.dataDir, 'energy.sqlite'));
  try {
    const now = Date.now();
    const owner = (db.prepare("select id from users where username = 'admin'").get() as { id: number }).id;
    const member = db
      .prepare("insert into members (owner_user_id, code, name, kind, phone) values (?, 'E2E-M', 'E2E Tenant', 'person', ?)")
      .run(owner, PHONE).lastInsertRowid;
    const room = db
      .prepare(
        "insert into rooms (owner_user_id, code, building, floor, number, area, department_id, member_id) values (?, 'E2E-101', 'Block E', '1', '101', 30, null, ?)",
      )
      .run(owner, member).lastInsertRowid;
    db.prepare(
      `insert into prepaid_accounts (owner_user_id, room_id, member_id, billing_mode, alarm1_minor, alarm2_minor, no_cut_from, no_cut_to, balance_minor, charged_until, opened_at, updated_at)
       values (?, ?, ?, 'prepaid', 5000, 1000, null, null, 12345, ?, ?, ?)`,
    ).run(owner, room, member, now, now, now);
  } finally {
    db.close();
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('member page', () => {
  it('signs in with the demo code at 390×844 and shows the balance, without the console or its login', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/member`);
    await page.getByTestId('member-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/member');
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);

    await page.getByTestId('member-phone').fill(PHONE);
    await page.getByTestId('member-get-code').click();
    await page.getByTestId('member-demo-code').waitFor();
    expect(await page.getByTestId('member-code').inputValue()).toMatch(/^\d{6}$/);
    await expect(page.getByTestId('member-get-code').isDisabled()).resolves.toBe(true);
    await page.getByTestId('member-sign-in').click();

    await page.getByTestId('member-balance').waitFor();
    expect(await page.getByTestId('member-balance').innerText()).toContain('123.45');
    expect(await page.getByTestId('member-level').innerText()).toBe('Normal');
    expect(await page.getByTestId('member-supply').innerText()).toBe('Supply on');
    expect(await page.getByTestId('member-name').innerText()).toContain('E2E Tenant');
    // Nothing wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // Signed in it stays signed in on reload, and the member token opens no console screen.
    await page.reload();
    await page.getByTestId('member-balance').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
