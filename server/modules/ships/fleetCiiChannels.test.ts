import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetCiiChannel, parseFleetCiiChannel, SHIPS_MENU, type FleetCiiData } from '@shared/ships/api';
import type { AuthContext } from '@server/auth/authService';
import { ChannelRefusal } from '@server/realtime/channelProvider';
import { ShipService } from '@server/ships/shipService';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { treeUser } from '@tests/support/trees';
import { fleetCiiChannels } from './fleetCiiChannels';

/** The fleet-cii wall channel: its name, who may join, and the payload per tree. */
let t: TestApp;
const NOW = Date.UTC(2026, 5, 1);

const authOf = (id: number, paths: readonly string[], isAdmin = false) =>
  ({ isAdmin, user: { id }, permittedPaths: async () => new Set(paths) }) as unknown as AuthContext;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
}, 60_000);
afterAll(async () => t?.close());

describe('ships:fleet-cii channel', () => {
  it('names and parses the channel', () => {
    expect(fleetCiiChannel('current')).toBe('ships:fleet-cii:current');
    expect(parseFleetCiiChannel('ships:fleet-cii:2025')).toEqual({ period: 2025 });
    expect(parseFleetCiiChannel('ships:fleet-cii:last')).toBeNull();
  });

  it('refuses a caller without the ships menu and answers the caller’s tree', async () => {
    const db = t.app.storage.db;
    const holder = await treeUser(t.app, 'wall_ships', [SHIPS_MENU]);
    await db
      .insertInto('ships')
      .values({
        owner_user_id: holder.id,
        imo_number: '9074729',
        name: 'Wall Ship',
        ship_type: 'tanker',
        dwt: 50_000,
        gt: 0,
        flag: '',
        year_built: null,
        note: '',
      })
      .execute();
    const provider = fleetCiiChannels({ db, ships: new ShipService(db, () => NOW), screens: [SHIPS_MENU], onError: () => undefined, now: () => NOW });
    const channel = fleetCiiChannel('current');
    await expect(provider.join({ channel, auth: authOf(holder.id, []), afterId: undefined })).rejects.toBeInstanceOf(ChannelRefusal);
    await expect(provider.join({ channel: 'ships:fleet-cii:2031', auth: authOf(holder.id, [SHIPS_MENU]), afterId: undefined })).rejects.toThrow(
      'No CII for 2031: ratings run from 2023 to 2030',
    );
    const auth = authOf(holder.id, [SHIPS_MENU]);
    const joined = await provider.join({ channel, auth, afterId: undefined });
    expect(joined.room).toBe(`${channel}#user:${holder.id}`);
    const snapshot = await provider.snapshot({ channel, auth, afterId: undefined }, joined.scope);
    const payload = snapshot.messages[0] as FleetCiiData;
    expect(payload.year).toBe(2026);
    expect(payload.yearToDate).toBe(true);
    expect(payload.computedAt).toBe(NOW);
    expect(payload.ships.map((ship) => [ship.name, ship.letter])).toEqual([['Wall Ship', null]]);
  });
});
