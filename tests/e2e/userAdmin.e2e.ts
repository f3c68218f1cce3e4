import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ErrorCode } from '@shared/errors';
import type { RoleRow, RouterList, UserInfo } from '@shared/schemas';
import { rulesEn } from '@shared/i18n/locales/rules/en';
import { usersEn } from '@shared/i18n/locales/users/en';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData, bearerHeader, callApi } from './helpers/api';
import { apiToken, currentPath, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';

// Issue 7 acceptance: the user dialog's §5 rules and messages in a real browser against the real server,
// admin-only username edit, the role select only for type 0, a permission-hidden button (and the server
// refusing the call), a sub-user's menu limited to its role, a disabled sub-user refused.
let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let adminToken: string;
let adminEmail: string;
let managerId: number;
const MANAGER_PASSWORD = 'Manager!2345';
const SHOTS = '/tmp/user-admin-shots';

/** Router entry ids by full path (the role grant takes ids). */
async function routerIds(paths: string[]): Promise<number[]> {
  const { rows } = await apiData<RouterList>(server.url, adminToken, 'GET', '/api/routers/tree');
  return paths.map((path) => {
    const row = rows.find((r) => r.fullpath === path);
    if (!row) throw new Error(`no router entry ${path}`);
    return row._id;
  });
}

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  adminToken = await apiToken(server.url);
  adminEmail = (await apiData<UserInfo>(server.url, adminToken, 'GET', '/api/users/info')).email;
  // A role that may list, add and edit users, but not delete them, and sees no other settings screen.
  const role = await apiData<RoleRow>(server.url, adminToken, 'POST', '/api/roles', { name: 'user managers', type: 1, description: 'Adds and edits users' });
  await apiData(server.url, adminToken, 'PUT', '/api/routers/roles-auth', {
    roleId: role._id,
    routerIds: await routerIds(['/dashboard', '/settings', '/settings/user', '/settings/user/add', '/settings/user/edit']),
  });
  managerId = (
    await apiData<{ _id: number }>(server.url, adminToken, 'POST', '/api/users', {
      username: 'manager1',
      trueName: 'Manager One',
      email: 'manager1@example.test',
      password: MANAGER_PASSWORD,
      repeatPassword: MANAGER_PASSWORD,
      roles: [role._id],
    })
  )._id;
}, 120_000);
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openUsers(username?: string, password?: string): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}/settings/user`);
  await logIn(tab.page, username, password);
  await tab.page.waitForURL(`${server.url}/settings/user`);
  await tab.page.locator('[data-testid="users-table"]:visible tbody tr.ant-table-row').first().waitFor();
  return tab.page;
}

const field = (page: Page, name: string) =>
  page.getByTestId('user-dialog').locator(`[data-testid="user-field-${name}"]`).locator('xpath=descendant-or-self::input').first();
const fieldError = (page: Page, message: string) => page.getByTestId('user-dialog').locator('.ant-form-item-explain-error', { hasText: message });

/** Types a value and leaves the field: the rules fire on blur. */
async function typeAndLeave(page: Page, name: string, value: string): Promise<void> {
  const input = field(page, name);
  await input.fill(value);
  await input.blur();
}

describe('users, roles and menus in the console', () => {
  it('fires every §5 rule of the user dialog on blur with the spec messages, then creates the user', async () => {
    const page = await openUsers();
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    // Nothing is checked while typing: only leaving the field runs the rule.
    await field(page, 'username').fill('ab');
    expect(await fieldError(page, rulesEn.username_isUserName).count()).toBe(0);
    await field(page, 'username').blur();
    await fieldError(page, rulesEn.username_isUserName).waitFor();
    await typeAndLeave(page, 'username', 'admin');
    await fieldError(page, usersEn.ph_username_err).waitFor();
    await typeAndLeave(page, 'trueName', '');
    await fieldError(page, 'Please enter your name').waitFor();
    await typeAndLeave(page, 'email', 'not-a-mailbox');
    await fieldError(page, usersEn.ph_email_err).waitFor();
    await typeAndLeave(page, 'email', adminEmail);
    await fieldError(page, 'This mailbox has been registered!').waitFor();
    await typeAndLeave(page, 'password', 'short');
    await fieldError(page, rulesEn.password_isPassword).waitFor();
    await typeAndLeave(page, 'password', 'Operator!2345');
    await typeAndLeave(page, 'repeatPassword', 'Operator!2346');
    await fieldError(page, 'Inconsistent password entered twice').waitFor();
    // The admin is type 0: the roles select is offered, and at least one role is required.
    expect(await page.getByTestId('user-field-roles').isVisible()).toBe(true);
    await page.getByTestId('user-dialog-confirm').click();
    await fieldError(page, usersEn.ph_roles).waitFor();
    await page.screenshot({ path: `${SHOTS}/user-dialog-rules.png` });

    await typeAndLeave(page, 'username', 'operator7');
    await typeAndLeave(page, 'trueName', 'Operator Seven');
    await typeAndLeave(page, 'email', 'operator7@example.test');
    await typeAndLeave(page, 'repeatPassword', 'Operator!2345');
    await page.getByTestId('user-field-roles').click();
    await page.locator('.ant-select-item-option', { hasText: 'user managers' }).click();
    await page.keyboard.press('Escape');
    // Leaving the select re-runs its rule (on blur, like every field).
    await field(page, 'trueName').focus();
    await expect.poll(() => page.getByTestId('user-dialog').locator('.ant-form-item-explain-error').allTextContents()).toEqual([]);
    await page.getByTestId('user-dialog-confirm').click();
    await page.locator('[data-testid="users-table"]:visible tbody tr.ant-table-row', { hasText: 'operator7' }).waitFor();
    expect(await visibleRawKeys(page)).toEqual([]);
    // The server stored it with the spec's defaults for a new sub-user.
    const rows = await apiData<{ rows: { username: string; type: number; father: number | null; roles: { name: string }[] }[] }>(
      server.url,
      adminToken,
      'GET',
      '/api/users?email=operator7',
    );
    expect(rows.rows.map((r) => [r.username, r.type, r.roles.map((role) => role.name)])).toEqual([['operator7', 1, ['user managers']]]);
    expect(tab!.errors).toEqual([]);
  });

  it('lets only an admin change a username; a type-1 manager gets no role select and no delete button', async () => {
    const admin = await openUsers();
    await admin.getByTestId(`user-edit-${managerId}`).click();
    await admin.getByTestId('user-dialog').waitFor();
    expect(await field(admin, 'username').isEnabled()).toBe(true);
    expect(await field(admin, 'email').isEnabled()).toBe(false);
    await tab!.context.close();

    const page = await openUsers('manager1', MANAGER_PASSWORD);
    // Add and edit are granted, delete is not: the button is hidden …
    expect(await page.getByTestId('users-add').isVisible()).toBe(true);
    expect(await page.getByTestId(`user-edit-${managerId}`).isVisible()).toBe(true);
    expect(await page.locator('[data-testid^="user-delete-"]').count()).toBe(0);
    // A row's children are ids, not nested rows.
    expect(await page.locator('.ant-table-row-expand-icon').count()).toBe(0);
    // … and the server refuses the call anyway.
    const managerToken = await apiToken(server.url, 'manager1', MANAGER_PASSWORD);
    const refused = await callApi(server.url, 'DELETE', `/api/users/${managerId}`, undefined, bearerHeader(managerToken));
    expect([refused.code, refused.message]).toEqual([ErrorCode.FORBIDDEN, 'You do not have permission to do this']);

    await page.getByTestId(`user-edit-${managerId}`).click();
    await page.getByTestId('user-dialog').waitFor();
    expect(await field(page, 'username').isEnabled()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-dialog').waitFor();
    expect(await page.getByTestId('user-field-roles').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/manager-add-dialog.png` });
  });

  it("limits a sub-user's menu to its role: other settings screens are not routes for it", async () => {
    const page = await openUsers('manager1', MANAGER_PASSWORD);
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getByTestId('menu-/settings').count()).toBe(1);
    expect(await sidebar.getByTestId('menu-/base').count()).toBe(0);
    await sidebar.getByTestId('menu-/settings').click();
    await sidebar.getByTestId('menu-/settings/user').waitFor();
    expect(await sidebar.getByTestId('menu-/settings/roles').count()).toBe(0);
    expect(await sidebar.getByTestId('menu-/settings/router').count()).toBe(0);
    await page.goto(`${server.url}/settings/roles`);
    await page.waitForURL(`${server.url}/404`);
    expect(currentPath(page)).toBe('/404');
    const managerToken = await apiToken(server.url, 'manager1', MANAGER_PASSWORD);
    const roles = await callApi(server.url, 'POST', '/api/roles', { name: 'escalated', type: 1 }, bearerHeader(managerToken));
    expect(roles.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('refuses a sub-user the admin disabled, with the spec message on the login page', async () => {
    const password = 'Sleeper!2345';
    const operator = (await apiData<{ rows: RoleRow[] }>(server.url, adminToken, 'GET', '/api/roles?type=1&name=operator')).rows.map((r) => r._id);
    const { _id } = await apiData<{ _id: number }>(server.url, adminToken, 'POST', '/api/users', {
      username: 'sleeper7',
      trueName: 'Sleeper Seven',
      email: 'sleeper7@example.test',
      password,
      repeatPassword: password,
      roles: operator,
    });
    await apiData(server.url, adminToken, 'PUT', `/api/users/${_id}`, { trueName: 'Sleeper Seven', status: false });
    tab = await openTab(browser);
    await tab.page.goto(`${server.url}/login`);
    await logIn(tab.page, 'sleeper7', password);
    await expect(tab.page.getByTestId('login-error').textContent()).resolves.toBe('This account has been disabled and cannot log in to the system');
    expect(currentPath(tab.page)).toBe('/login');
  });
});
