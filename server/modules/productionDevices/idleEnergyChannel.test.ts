import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdleEnergyData } from '@boards/widgets/idle-energy/channel';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { twoTrees, type TwoTrees } from '@tests/support/trees';
import type { AuthContext } from '../../auth/authService';
import type { ChannelSubscription } from '../../realtime/channelProvider';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { wallTime } from '../../shifts/shiftClock';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { idleEnergyChannel } from './idleEnergyChannel';
import { IDLE_ENERGY_SCREENS } from './routes';

/**
 * Asia/Shanghai, the wall's clock at 2026-03-02 02:00 local: tree A's compressor stored 00:00–02:00, 8 quarters of
 * 5 kWh (20 kW: idle, between off 10 and run 40) = 40 kWh idle over 2 h; tree B's pump 8 quarters of 12 kWh (48 kW:
 * running) = 96 kWh, no idle.
 */
const TZ = 'Asia/Shanghai';
const SCREEN = '/energy-efficiency-management/production-device';
let t: TestApp;
let trees: TwoTrees;
let a: TreeObjects;
let b: TreeObjects;
const clock = wallTime('2026-03-02', 120, TZ);

const authOf = (id: number, paths: readonly string[], isAdmin = false) =>
  ({
    isAdmin,
    user: { id },
    display: null,
    permittedPaths: async () => new Set(paths),
    ownerScope: () => ownerScopeOfUser(t.app.storage.db, id),
  }) as unknown as AuthContext;
const sub = (auth: AuthContext): ChannelSubscription => ({ channel: 'devices:idle-energy', auth, afterId: undefined });
const provider = () =>
  idleEnergyChannel({
    db: t.app.storage.db,
    timeZone: TZ,
    screens: IDLE_ENERGY_SCREENS,
    onError: (error) => {
      throw error;
    },
    now: () => clock,
  });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, timeZone: TZ });
  const db = t.app.storage.db;
  trees = await twoTrees(t.app, [SCREEN]);
  a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
  b = await treeObjects(t.app, trees.beta.id, 'BETA');
  const add = async (owner: number, code: string, meterId: number) => {
    const device = await db
      .insertInto('production_devices')
      .values({ owner_user_id: owner, code, name: code, line_id: null, rated_power_kw: 60, run_threshold_kw: 40, off_threshold_kw: 10, note: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('production_device_meters').values({ device_id: device.id, meter_id: meterId }).execute();
  };
  await add(trees.alpha.id, 'COMP', a.meter);
  await add(trees.beta.id, 'PUMP', b.meter);
  const quarters = (meterId: number, energy: number) =>
    Array.from({ length: 8 }, (_, i) => ({ meter_id: meterId, start: wallTime('2026-03-02', i * 15, TZ), energy }));
  await db
    .insertInto('energy_intervals')
    .values([...quarters(a.meter, 5), ...quarters(b.meter, 12)])
    .execute();
}, 60_000);
afterAll(() => t.close());

describe('devices:idle-energy', () => {
  it('sends today’s figures of the caller’s tree, up to the last quarter that ended', async () => {
    const wall = provider();
    expect(wall.matches('devices:idle-energy')).toBe(true);
    expect(wall.matches('devices:idle-energy:1')).toBe(false);
    const auth = authOf(trees.alpha.id, [SCREEN]);
    const joined = await wall.join(sub(auth));
    expect(joined.room).toBe(`devices:idle-energy#user:${trees.alpha.id}`);
    const [data] = (await wall.snapshot(sub(auth), joined.scope)).messages as IdleEnergyData[];
    expect(data!.day).toBe('2026-03-02');
    expect(data!.devices.map((row) => [row.code, row.hours.idle, row.energy.idle, row.hours.noData])).toEqual([['COMP', 2, 40, 0]]);
    expect(data!.totals).toEqual({ energy: 40, idleEnergy: 40, runningHours: 0, idleHours: 2 });
    const beta = authOf(trees.beta.id, [SCREEN]);
    const [other] = (await wall.snapshot(sub(beta), (await wall.join(sub(beta))).scope)).messages as IdleEnergyData[];
    expect(other!.totals).toEqual({ energy: 96, idleEnergy: 0, runningHours: 2, idleHours: 0 });
  });

  it('refuses a user who holds neither the device screen nor the board editor', async () => {
    await expect(provider().join(sub(authOf(trees.alpha.id, ['/report/reportList'])))).rejects.toThrow('You may not see devices:idle-energy');
    expect((await provider().join(sub(authOf(trees.alpha.id, ['/settings/boardConfig'])))).room).toBe(`devices:idle-energy#user:${trees.alpha.id}`);
  });
});
