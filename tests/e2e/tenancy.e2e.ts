import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let admin: string;
const SHOTS = '/tmp/tenancy-shots';
const PASSWORD = 'Tenant!pass123';

async function api<T = unknown>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; code: number; data: T; message: string }> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...((await response.json()) as { code: number; data: T; message: string }) };
}

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  admin = await apiToken(server.url);
  // One role for both accounts: the device screen and its buttons.
  const tree = await api<{ rows: { _id: number; fullpath: string }[] }>('GET', '/routers/tree', admin);
  const wanted = ['/base', '/base/device', '/base/device/add', '/base/device/edit', '/base/device/delete'];
  const routerIds = tree.data.rows.filter((r) => wanted.includes(r.fullpath)).map((r) => r._id);
  const role = await api<{ _id: number }>('POST', '/roles', admin, { name: 'device operators', type: 1, description: '' });
  await api('PUT', '/routers/roles-auth', admin, { roleId: role.data._id, routerIds });
  const account = (username: string, type: 0 | 1) => ({
    username,
    trueName: username,
    email: `${username}@plant.test`,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    roles: [role.data._id],
    type,
  });
  expect((await api('POST', '/users', admin, account('tenant_top', 0))).code).toBe(0);
  expect((await api('POST', '/users', admin, account('plant_staff', 1))).code).toBe(0);
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('user trees in the console against the real server', () => {
  it("a tenant's device screen shows only its own tree; the administrator's staff see the plant", async () => {
    const tenant = await apiToken(server.url, 'tenant_top', PASSWORD);
    const demoMeter = (await api<{ rows: { id: number; code: string }[] }>('GET', '/meters?keyword=M001&size=1', admin)).data.rows[0]!;
    // The tenant's own gateway, given to itself, and a try at the plant's meter.
    const tenantId = (await api<{ _id: number }>('GET', '/users/info', tenant)).data._id;
    expect((await api('POST', '/gateways', tenant, { sn: 'GW-TENANT-1', name: 'Tenant gateway', ownerUserId: tenantId })).code).toBe(0);
    const takeover = await api('PUT', `/meters/${demoMeter.id}`, tenant, { code: 'M001', name: 'mine now', energyType: 'electricity', unit: 'kWh' });
    expect([takeover.status, takeover.message]).toEqual([404, `meter ${demoMeter.id} was not found`]);

    tab = await openTab(browser);
    await tab.page.goto(`${server.url}/base/device`);
    await logIn(tab.page, 'tenant_top', PASSWORD);
    await tab.page.waitForURL(`${server.url}/base/device`);
    const tables = tab.page.locator('[data-testid="resource-table"]:visible');
    await tables.first().waitFor();
    // No meters: the plant's 30-odd demo meters belong to the administrator's tree.
    await tables.first().locator('.ant-table-placeholder').waitFor();
    await tab.page.screenshot({ path: `${SHOTS}/tenant-meters.png` });
    expect(await tab.page.locator('body').innerText()).not.toContain('M001');
    // The gateways tab lists the tenant's own gateway only.
    await tab.page.getByRole('tab', { name: /Gateways/ }).click();
    await tab.page.locator('[data-testid="resource-table"]:visible tbody tr', { hasText: 'GW-TENANT-1' }).waitFor();
    expect(await tab.page.locator('body').innerText()).not.toContain('GW-DEMO-01');
    expect(await visibleRawKeys(tab.page)).toEqual([]);
    await tab.page.screenshot({ path: `${SHOTS}/tenant-gateways.png` });
    await tab.context.close();

    tab = await openTab(browser);
    await tab.page.goto(`${server.url}/base/device`);
    await logIn(tab.page, 'plant_staff', PASSWORD);
    await tab.page.waitForURL(`${server.url}/base/device`);
    await tab.page.locator('[data-testid="resource-table"]:visible tbody tr', { hasText: 'M001' }).waitFor();
    await tab.page.screenshot({ path: `${SHOTS}/staff-meters.png` });
  });
});
