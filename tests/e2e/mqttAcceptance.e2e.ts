import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { freePort, startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab } from './helpers/console';
import { bearerHeader, callApi } from './helpers/api';

/**
 * The acceptance: an external MQTT client (Debian's mosquitto_pub) publishing with MQTT
 * credentials gets its readings stored and shown on base/meterData; wrong credentials and a foreign
 * gateway are refused. The server runs its embedded broker on a free port (Mosquitto holds 1883).
 */
const run = promisify(execFile);
let server: RunningServer;
let browser: Browser;
let mqttPort: number;
let token: string;

const api = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = bearerHeader(token)) =>
  callApi<T>(server.url, method, `/api${path}`, body, headers);

/** Publishes one QoS 1 message; resolves with the exit code (0 = PUBACK received). */
async function mosquittoPub(user: string, password: string, topic: string, payload: unknown): Promise<number> {
  try {
    await run(
      'mosquitto_pub',
      ['-h', '127.0.0.1', '-p', String(mqttPort), '-u', user, '-P', password, '-q', '1', '-i', `e2e-${Date.now()}`, '-t', topic, '-m', JSON.stringify(payload)],
      { timeout: 10_000 },
    );
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

const meterIdOf = async (code: string) =>
  (await api<{ rows: { id: number; code: string }[] }>('GET', `/meters?keyword=${code}&size=5`)).data.rows.find((r) => r.code === code)!.id;
const history = (meterId: number, from: number) =>
  api<{ total: number; rows: { ts: number; value: number }[] }>(
    'GET',
    `/meter-data/history?meterId=${meterId}&metric=kwh&from=${from}&to=${Date.now() + 60_000}`,
  );

beforeAll(async () => {
  mqttPort = await freePort();
  server = await startServer({ SIMULATOR: 'off', MQTT_PORT: String(mqttPort) });
  browser = await launchBrowser();
  token = await apiToken(server.url);
  const gateways = await api<{ rows: { id: number; sn: string }[] }>('GET', '/gateways?keyword=GW-DEMO-01');
  const demo = gateways.data.rows.find((g) => g.sn === 'GW-DEMO-01')!;
  expect(await api('PUT', `/gateways/${demo.id}/mqtt-credentials`, { mqttUsername: 'gw-demo-01', mqttPassword: 'Gateway-secret-1' })).toMatchObject({
    code: 0,
  });
  // A second gateway with a meter of its own: GW-DEMO-01's credentials must not speak for it.
  const other = await api<{ id: number }>('POST', '/gateways', { sn: 'GW-OTHER', name: 'Other gateway', ownerUserId: 1 });
  expect(other.code).toBe(0);
  expect((await api('POST', '/meters', { code: 'X001', name: 'Other meter', energyType: 'electricity', unit: 'kWh', gatewayId: other.data.id })).code).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('mosquitto_pub against the embedded broker', () => {
  const start = Date.now() - 20 * 60_000;

  it('stores readings published with the gateway credentials and shows them on base/meterData', async () => {
    const payload = {
      ts: Date.now(),
      readings: [
        { meter: 'M011', ts: start, values: { kwh: 4321.5 } },
        { meter: 'M011', ts: start + 5 * 60_000, values: { kwh: 4327.25 } },
      ],
    };
    expect(await mosquittoPub('gw-demo-01', 'Gateway-secret-1', 'gateways/GW-DEMO-01/readings', payload)).toBe(0);
    const meterId = await meterIdOf('M011');
    // QoS 1 was acknowledged after commit: the readings are there at once.
    expect((await history(meterId, start - 1)).data.rows.map((r) => r.value)).toEqual([4327.25, 4321.5]);

    const tab = await openTab(browser);
    await tab.page.goto(`${server.url}/base/meterData?meterId=${meterId}`);
    await logIn(tab.page);
    await tab.page.locator('[data-testid="meter-data-table"] tbody tr.ant-table-row', { hasText: '4,327.25' }).waitFor();
    expect(await tab.page.locator('[data-testid="meter-data-table"] tbody tr.ant-table-row').count()).toBe(2);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  it('refuses a wrong password at connect', async () => {
    const code = await mosquittoPub('gw-demo-01', 'wrong-password', 'gateways/GW-DEMO-01/readings', {
      readings: [{ meter: 'M012', ts: start, values: { kwh: 1 } }],
    });
    expect(code).not.toBe(0);
    expect((await history(await meterIdOf('M012'), start - 1)).code).toBe(20002);
  });

  it('refuses a publish for a gateway outside the credential', async () => {
    const code = await mosquittoPub('gw-demo-01', 'Gateway-secret-1', 'gateways/GW-OTHER/readings', {
      readings: [{ meter: 'X001', ts: start, values: { kwh: 1 } }],
    });
    expect(code).not.toBe(0);
    expect((await history(await meterIdOf('X001'), start - 1)).code).toBe(20002);
  });
});
