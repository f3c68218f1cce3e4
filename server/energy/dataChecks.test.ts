import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer, loginAs } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';
import { markSilentOffline } from '../ingest/onlineMonitor';
import { at, energyKit, type EnergyKit } from './energyKit.test-util';

let k: EnergyKit;
beforeAll(async () => {
  k = await energyKit();
});
afterAll(() => k.t.close());

const meterDay = async (code: string, day: string) =>
  (
    await k.t.app.storage.db
      .selectFrom('energy_rollups')
      .select('energy')
      .where('scope', '=', 'meter')
      .where('scope_id', '=', await k.id('meters', code))
      .where('grain', '=', 'day')
      .where('period', '=', day)
      .executeTakeFirst()
  )?.energy;

describe('quarantine (base/check)', () => {
  // M014 is rated 800 kW: 15 minutes allow 800 × 0.25 × 1.2 = 240 kWh; a 1,000 kWh step is held.
  let itemId: number;
  beforeAll(async () => {
    await k.ingest([
      { meter: 'M014', ts: at('2026-11-10T10:00:00'), values: { kwh: 0 } },
      { meter: 'M014', ts: at('2026-11-10T10:15:00'), values: { kwh: 1000 } },
      { meter: 'M014', ts: at('2026-11-10T10:30:00'), values: { kwh: 1050 } },
    ]);
  });

  it("lists the held step with its claim and the rating's limit", async () => {
    const { body } = await k.get('/api/quarantine', { status: 'pending' });
    expect(body.data.total).toBe(1);
    itemId = body.data.rows[0]._id;
    expect(body.data.rows[0]).toMatchObject({
      meter: { code: 'M014' },
      energy: 1000,
      limitEnergy: 240,
      rawFrom: 0,
      rawTo: 1000,
      status: 'pending',
      resolvedBy: null,
    });
    expect(await meterDay('M014', '2026-11-10')).toBe(50); // only the plausible step counts so far
  });

  it('counts a corrected figure through the ledger, once, with an audit entry', async () => {
    const { body } = await k.send('POST', `/api/quarantine/${itemId}/resolve`, { action: 'correct', energy: 150, note: 'Meter display read on site' });
    expect(body).toMatchObject({
      code: 0,
      message: 'Resolved',
      data: { status: 'corrected', correctedEnergy: 150, resolvedBy: 'admin', note: 'Meter display read on site' },
    });
    expect(await meterDay('M014', '2026-11-10')).toBe(200);
    const again = await k.send('POST', `/api/quarantine/${itemId}/resolve`, { action: 'accept' });
    expect(again.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'This item was already corrected' });
    expect(await meterDay('M014', '2026-11-10')).toBe(200);
    const audit = await k.get('/api/audit-log', { entity: 'quarantine', entityId: itemId });
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        user: 'admin',
        action: 'corrected',
        detail: { meter: 'M014', claimed: 1000, counted: 150, note: 'Meter display read on site' },
      }),
    ]);
  });

  it('asks for the figure when correcting', async () => {
    const { body } = await k.send('POST', `/api/quarantine/${itemId}/resolve`, { action: 'correct' });
    expect(body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.energy: Please enter the corrected energy' });
  });

  it('is refused to a user without the button permission', async () => {
    await insertSubUser(k.t.app, { username: 'watcher1', password: 'Secret!234' });
    const token = await loginAs(k.t.app, 'watcher1', 'Secret!234');
    const response = await k.t.app.inject({ method: 'POST', url: `/api/quarantine/${itemId}/resolve`, headers: bearer(token), payload: { action: 'discard' } });
    expect(response.json().code).toBe(ErrorCode.FORBIDDEN);
  });
});

describe('meter replacement (base/device)', () => {
  it("credits the old meter's last stretch and starts the new cycle at its initial reading: 10 + 5 + 3 kWh", async () => {
    await k.ingest([
      { meter: 'M013', ts: at('2026-11-10T00:00:00'), values: { kwh: 100 } },
      { meter: 'M013', ts: at('2026-11-10T01:00:00'), values: { kwh: 110 } },
    ]);
    const meterId = await k.id('meters', 'M013');
    const { body } = await k.send('POST', `/api/meters/${meterId}/replacements`, {
      replacedAt: at('2026-11-10T01:30:00'),
      oldSerial: 'A-1',
      newSerial: 'B-2',
      oldFinalReading: 115,
      newInitialReading: 0,
      note: 'Display failed',
    });
    expect(body).toMatchObject({ code: 0, data: { creditedEnergy: 5, oldSerial: 'A-1', newSerial: 'B-2', user: 'admin' } });
    await k.ingest([{ meter: 'M013', ts: at('2026-11-10T02:00:00'), values: { kwh: 3 } }]);
    expect(await meterDay('M013', '2026-11-10')).toBe(18);
    expect((await k.get(`/api/meters/${meterId}/replacements`)).body.data).toHaveLength(1);
  });

  it('refuses a replacement dated before readings already stored, or a final reading below the last one', async () => {
    const meterId = await k.id('meters', 'M013');
    const early = await k.send('POST', `/api/meters/${meterId}/replacements`, { replacedAt: at('2026-11-10T01:45:00'), newInitialReading: 0 });
    expect(early.body.message).toMatch(/^replacedAt: readings after this time are already stored/);
    const below = await k.send('POST', `/api/meters/${meterId}/replacements`, {
      replacedAt: at('2026-11-10T03:00:00'),
      oldFinalReading: 1,
      newInitialReading: 0,
    });
    expect(below.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'oldFinalReading: below the last stored reading (3)' });
  });
});

describe('rejected readings', () => {
  it('lists what ingestion refused with the reason', async () => {
    await k.t.app.ingest.submit({ readings: [{ meter: 'NOPE', ts: at('2026-11-10T00:00:00'), values: { kwh: 1 } }] }, { kind: 'http' });
    const { body } = await k.get('/api/ingest/rejections', { source: 'http' });
    expect(body.data.rows[0]).toMatchObject({ source: 'http', meterCode: 'NOPE', reason: 'unknown meter "NOPE"' });
  });
});

describe('gateway MQTT credentials', () => {
  it('stores an argon2id hash and keeps usernames unique across users and gateways', async () => {
    const gatewayId = (await k.t.app.storage.db.selectFrom('gateways').select('id').where('sn', '=', 'GW-DEMO-01').executeTakeFirstOrThrow()).id;
    const saved = await k.send('PUT', `/api/gateways/${gatewayId}/mqtt-credentials`, { mqttUsername: 'gw-demo', mqttPassword: 'long-enough-secret' });
    expect(saved.body).toMatchObject({ code: 0, message: 'MQTT credentials saved', data: { mqttUsername: 'gw-demo' } });
    const row = await k.t.app.storage.db.selectFrom('gateways').select('mqtt_password_hash').where('id', '=', gatewayId).executeTakeFirstOrThrow();
    expect(row.mqtt_password_hash).toMatch(/^\$argon2id\$/);
    await k.t.app.storage.db.updateTable('users').set({ mqtt_username: 'taken-name' }).where('username', '=', 'admin').execute();
    const taken = await k.send('PUT', `/api/gateways/${gatewayId}/mqtt-credentials`, { mqttUsername: 'taken-name', mqttPassword: 'long-enough-secret' });
    expect(taken.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'mqttUsername: "taken-name" is already used' });
    const missing = await k.send('PUT', '/api/gateways/9999/mqtt-credentials', { mqttUsername: 'gw-x', mqttPassword: 'long-enough-secret' });
    expect(missing.body).toMatchObject({ code: ErrorCode.GATEWAY_NOT_FOUND, message: 'The selected gateway does not exist' });
  });
});

describe('online state', () => {
  it('marks meters and gateways offline once they are silent longer than the limit', async () => {
    const online = async () =>
      Number(
        (
          await k.t.app.storage.db
            .selectFrom('meters')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('online', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await online()).toBeGreaterThan(0);
    expect(await markSilentOffline(k.t.app.storage.db, 15 * 60_000, Date.now() + 10 * 60_000)).toEqual({ meters: 0, gateways: 0 });
    const swept = await markSilentOffline(k.t.app.storage.db, 15 * 60_000, Date.now() + 16 * 60_000);
    expect(swept).toEqual({ meters: 2, gateways: 1 }); // M013 and M014 reported
    expect(await online()).toBe(0);
  });
});
