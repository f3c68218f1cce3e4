import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DEMO_GATEWAY_SN, scenarioTiming } from './demoScenario';
import { DemoSimulator } from './demoSimulator';
import { GatewayCommands } from './gatewayCommands';
import { makeSupplyRoom } from '../prepaid/supply/supplyKit.test-util';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 30_000);
afterAll(() => t.close());

const known = (code: string) => code.startsWith('M0');
const command = (commandId: string, meter: string, action: string) => JSON.stringify({ commandId, meter, action, issuedAt: 1 });

describe('the demo gateway obeys supply commands', () => {
  it('acks each command, a resend once, refuses an unknown meter', () => {
    const relays = new GatewayCommands();
    expect(relays.handle(command('c1', 'M011', 'cut'), known)).toEqual({ commandId: 'c1', ok: true });
    expect(relays.isCut('M011')).toBe(true);
    expect(relays.handle(command('c2', 'M011', 'restore'), known)).toEqual({ commandId: 'c2', ok: true });
    expect(relays.isCut('M011')).toBe(false);
    // c1 arrives again (a resend): acked, not carried out a second time
    expect(relays.handle(command('c1', 'M011', 'cut'), known)).toEqual({ commandId: 'c1', ok: true });
    expect(relays.isCut('M011')).toBe(false);
    expect(relays.handle(command('c3', 'X99', 'cut'), known)).toEqual({ commandId: 'c3', ok: false, message: 'No meter X99 on this gateway' });
    expect(relays.handle('not json', known)).toBeNull();
  });

  it('a cut meter reports 0 kW and a flat register until restored; its incomer loses its share', async () => {
    const relays = new GatewayCommands();
    const simulator = await DemoSimulator.load(t.app.storage.db, { origin: 0, timing: scenarioTiming(2) }, relays);
    const at = Date.UTC(2026, 10, 25, 2, 0); // a Wednesday morning: every load draws
    const of = (readings: { meter: string; values: Record<string, number> }[], code: string) => readings.find((r) => r.meter === code)!.values;
    const first = simulator.readingsAt(at);
    relays.handle(command('cut-1', 'M011', 'cut'), known);
    const second = simulator.readingsAt(at + 60_000);
    expect(of(second, 'M011').kw).toBe(0);
    expect(of(second, 'M011').kwh).toBe(of(first, 'M011').kwh);
    expect(of(second, 'M012').kw).toBeGreaterThan(0);
    relays.handle(command('restore-1', 'M011', 'restore'), known);
    const third = simulator.readingsAt(at + 120_000);
    expect(of(third, 'M011').kw).toBeGreaterThan(0);
    expect(of(third, 'M011').kwh).toBeGreaterThan(of(second, 'M011').kwh ?? Infinity);
  });

  it('after a restart the relays are as the last acked commands left them', async () => {
    const { db } = t.app.storage;
    const admin = (await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const room = await makeSupplyRoom(t.app, admin, null);
    const row = (commandId: string, meter: string, action: string, state: string) => ({
      owner_user_id: admin,
      command_id: commandId,
      account_id: room.accountId,
      meter_id: 1,
      meter_code: meter,
      gateway_sn: DEMO_GATEWAY_SN,
      action,
      state,
      next_attempt_at: null,
      cause: 'balance',
      operator: 'system',
      created_at: 1,
    });
    await db
      .insertInto('supply_commands')
      .values([row('a', 'M013', 'cut', 'acked'), row('b', 'M014', 'cut', 'acked'), row('c', 'M014', 'restore', 'acked'), row('d', 'M015', 'cut', 'unknown')])
      .execute();
    const relays = await GatewayCommands.load(db, DEMO_GATEWAY_SN);
    expect(['M013', 'M014', 'M015'].map((code) => relays.isCut(code))).toEqual([true, false, false]);
  });
});
