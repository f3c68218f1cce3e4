import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { setGatewayCredentials } from '../energy/gatewayCredentials';
import { MqttCredentials } from './credentials';
import { addGateway, setUserMqtt } from './mqttKit.test-util';

/**
 * Two MqttCredentials on one database stand for two server processes: each caches a successful check for a minute,
 * yet a credential changed through one is in force on both at the next connection.
 */
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await addGateway(t.app.storage.db, 'GW-CACHE', adminId, { username: 'gw-cache', password: 'first-Pass-1' });
  await setUserMqtt(t.app.storage.db, 'admin', { username: 'admin-mqtt', password: 'user-Pass-1' });
});
afterAll(async () => t.close());

describe('MQTT credential cache shared by processes through the database', () => {
  it('a gateway password changed through one process: the old one is refused and the new one taken by both at once', async () => {
    const a = new MqttCredentials(t.app.storage.db);
    const b = new MqttCredentials(t.app.storage.db);
    expect(await a.check('gw-cache', 'first-Pass-1')).toMatchObject({ kind: 'gateway', sn: 'GW-CACHE' });
    expect(await b.check('gw-cache', 'first-Pass-1')).toMatchObject({ kind: 'gateway', sn: 'GW-CACHE' });
    // A wrong guess is cached as a failure too.
    expect(await b.check('gw-cache', 'second-Pass-2')).toBeNull();

    const gatewayId = (await t.app.storage.db.selectFrom('gateways').select('id').where('sn', '=', 'GW-CACHE').executeTakeFirstOrThrow()).id;
    await setGatewayCredentials(t.app.storage.db, gatewayId, 'gw-cache', 'second-Pass-2', { all: true, home: adminId });

    expect(await a.check('gw-cache', 'first-Pass-1')).toBeNull();
    expect(await b.check('gw-cache', 'first-Pass-1')).toBeNull();
    expect(await a.check('gw-cache', 'second-Pass-2')).toMatchObject({ kind: 'gateway', sn: 'GW-CACHE' });
    expect(await b.check('gw-cache', 'second-Pass-2')).toMatchObject({ kind: 'gateway', sn: 'GW-CACHE' });
  });

  it('a user whose MQTT login moves to another name is refused under the old name at once', async () => {
    const a = new MqttCredentials(t.app.storage.db);
    expect(await a.check('admin-mqtt', 'user-Pass-1')).toMatchObject({ kind: 'user', userId: adminId });
    await setUserMqtt(t.app.storage.db, 'admin', { username: 'admin-mqtt-2', password: 'user-Pass-1' });
    expect(await a.check('admin-mqtt', 'user-Pass-1')).toBeNull();
    expect(await a.check('admin-mqtt-2', 'user-Pass-1')).toMatchObject({ kind: 'user', userId: adminId });
  });
});
