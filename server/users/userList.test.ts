import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADMIN_PATHS, usersKit, type Member, type UsersKit } from './usersKit.test-util';

let k: UsersKit;
let manager: Member;
beforeAll(async () => {
  k = await usersKit();
  manager = await k.member('manager', USER_ADMIN_PATHS);
}, 60_000);
afterAll(() => k.close());

const db = () => k.t.app.storage.db;

describe('GET /api/users', () => {
  it('filters by an e-mail fragment in any case and pages newest first', async () => {
    for (const name of ['boiler_a', 'boiler_b', 'boiler_c', 'chiller_a']) await k.insertUser(name, manager.id);
    const page = async (query: string) => (await k.call('GET', `/api/users?${query}`, undefined, manager.token)).body.data;
    const first = await page('email=BOILER&size=2&page=1');
    expect(first.total).toBe(3);
    expect(first.rows.map((r: { username: string }) => r.username)).toEqual(['boiler_c', 'boiler_b']);
    expect((await page('email=BOILER&size=2&page=2')).rows.map((r: { username: string }) => r.username)).toEqual(['boiler_a']);
    expect((await page('email=%25')).total).toBe(0); // a LIKE wildcard is taken literally
    expect((await page('email=plant.test&size=200')).total).toBe(4);
    const row = first.rows[0];
    expect(Object.keys(row).sort()).toEqual([
      '_id',
      'boardIds',
      'children',
      'cloudType',
      'createdAt',
      'displayAreaIds',
      'email',
      'father',
      'mqttRole',
      'mqttUsername',
      'pushEmails',
      'pushPhones',
      'roles',
      'smsCount',
      'status',
      'trueName',
      'type',
      'username',
    ]);
    expect(JSON.stringify(first)).not.toContain('argon2');
  });
});

describe('visibility', () => {
  it('offers admins every display area by name and others the areas they see', async () => {
    const areas = await db()
      .insertInto('display_areas')
      .values(
        ['Pump room', 'Boiler hall'].map((name) => ({ name, image: '', gateway_id: null, cloud: 0, show_status: 0, config: '{}', owner_user_id: k.adminId })),
      )
      .returning('id')
      .execute();
    const [pump, boiler] = areas.map((a) => a.id) as [number, number];
    expect((await k.call('GET', '/api/display-areas/options')).body.data).toEqual([
      { _id: boiler, name: 'Boiler hall' },
      { _id: pump, name: 'Pump room' },
    ]);
    await db().insertInto('user_display_areas').values({ user_id: manager.id, display_area_id: pump }).execute();
    expect((await k.call('GET', '/api/display-areas/options', undefined, manager.token)).body.data).toEqual([{ _id: pump, name: 'Pump room' }]);
  });

  it('lists to a user without the board screen only its visible data boards', async () => {
    const all = (await k.call('GET', '/api/boards')).body.data as { id: number; name: string }[];
    expect(all.length).toBeGreaterThan(1);
    expect((await k.call('GET', '/api/boards', undefined, manager.token)).body).toEqual({ code: 0, data: [], message: 'ok' });
    const chosen = all[1] as { id: number };
    await db().insertInto('user_boards').values({ user_id: manager.id, board_id: chosen.id }).execute();
    expect((await k.call('GET', '/api/boards', undefined, manager.token)).body.data).toEqual([all[1]]);
  });
});
