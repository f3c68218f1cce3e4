import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFigures, type DeviceSlot } from '@shared/productionDevices/deviceStates';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { DEMO_LOADS } from '../simulator/demoMeters';
import { demand } from '../simulator/loadProfile';
import { createDemoProductionDevices, DEMO_DEVICES } from './demoProductionDevices';

const Q = 15 * 60_000;
/** A day of the simulator's load for a meter on Asia/Shanghai (UTC+8), as 15-minute energies (mean of its minutes). */
function simulatedDay(meter: string, localMidnightUtc: number): DeviceSlot[] {
  const shape = DEMO_LOADS[meter]!;
  return Array.from({ length: 96 }, (_, q) => {
    const start = localMidnightUtc + q * Q;
    let kw = 0;
    for (let minute = 0; minute < 15; minute++) kw += demand(shape, start + minute * 60_000, 8, 7);
    return { start, energy: kw / 15 / 4 };
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai' });
}, 60_000);
afterAll(() => t.close());

describe('demo production devices', () => {
  it('are seeded once in the admin’s tree, each on its demo meter', async () => {
    const db = t.app.storage.db;
    const rows = await db
      .selectFrom('production_devices as d')
      .innerJoin('production_device_meters as dm', 'dm.device_id', 'd.id')
      .innerJoin('meters as m', 'm.id', 'dm.meter_id')
      .innerJoin('users as u', 'u.id', 'd.owner_user_id')
      .select(['d.code', 'm.code as meter', 'u.username'])
      .orderBy('d.code')
      .execute();
    expect(rows).toEqual(
      DEMO_DEVICES.map((device) => ({ code: device.code, meter: device.meter, username: 'admin' })).sort((x, y) => x.code.localeCompare(y.code)),
    );
  });

  it('cannot be made twice: the codes are taken, so the seed key keeps it to one run', async () => {
    const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await expect(createDemoProductionDevices(t.app.storage.db, admin.id)).rejects.toThrow(/already used/);
  });

  it('have thresholds that give the simulated loads a real mix of states', () => {
    // Wednesday 4 March 2026 and Saturday 7 March 2026, local midnight in UTC+8.
    const weekday = Date.UTC(2026, 2, 3, 16);
    const saturday = Date.UTC(2026, 2, 6, 16);
    const hours = (code: string, midnight: number) => {
      const device = DEMO_DEVICES.find((d) => d.code === code)!;
      return dayFigures(simulatedDay(device.meter, midnight), device).hours;
    };
    const press = hours('L1-PRESS', weekday);
    expect(press.running).toBeGreaterThanOrEqual(9);
    expect(press.off).toBeGreaterThanOrEqual(9);
    expect(press.idle).toBeGreaterThan(0);
    expect(hours('L1-PRESS', saturday).running).toBe(0);
    const oven = hours('L2-OVEN', weekday);
    expect(oven.off).toBe(0);
    expect(oven.idle).toBeGreaterThanOrEqual(10);
    const compressor = hours('AIR-C1', weekday);
    expect(compressor.idle).toBeGreaterThanOrEqual(10);
    expect(compressor.running).toBeGreaterThanOrEqual(9);
    const chiller = hours('CH-1', weekday);
    expect(chiller.running).toBeGreaterThan(0);
    expect(chiller.idle).toBeGreaterThan(0);
    const welding = hours('L3-WELD', weekday);
    expect(welding.running).toBeGreaterThan(0);
    expect(welding.off).toBeGreaterThan(0);
  });
});
