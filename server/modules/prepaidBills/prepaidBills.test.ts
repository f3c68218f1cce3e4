import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BillRow, PrepaidOverview } from '@shared/prepaid';
import type { RoomCreditData } from '@boards/widgets/room-credit/channel';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import type { AuthContext } from '../../auth/authService';
import type { ChannelPublisher } from '../../realtime/channelProvider';
import { Bills } from '../../prepaid/bills/bills';
import { makeAccount, makeMeter, post } from '../../prepaid/bills/billsKit.test-util';
import { prepaidWallChannels } from './wallChannels';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let trees: TwoTrees;
const at = (local: string): number => Date.parse(`${local}+08:00`);
const MENUS = ['/pay/bill-record', '/pay/bill-record/add', '/payment-statistics/consumption-statistics', '/pay/room'];

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ, seedDemo: false });
  await t.app.prepaid.bills.whenIdle();
  trees = await twoTrees(t.app, MENUS);
  const db = t.app.storage.db;
  const opened = at('2026-09-01T00:00:00');
  const alpha = await makeAccount(db, trees.alpha.id, 'A-101', { openedAt: opened, balanceLevel: 2 });
  await makeMeter(db, trees.alpha.id, 'MA1', alpha.room, Date.now(), opened);
  await post(db, t.app.storage.kind, alpha.account, at('2026-10-03T00:00:00'), { kind: 'topup', amountMinor: 900, idemKey: 'pay:a', operator: 'alpha_top' });
  const beta = await makeAccount(db, trees.beta.id, 'B-101', { openedAt: opened });
  await makeMeter(db, trees.beta.id, 'MB1', beta.room, Date.now(), opened);
}, 60_000);
afterAll(() => t.close());

describe('bills per tree', () => {
  it('an operator issues and sees its own tree’s bills only', async () => {
    const issued = await callAs(t.app, trees.alphaSub.token, 'POST', '/api/prepaid/bills/issue', { month: '2026-10' });
    expect(issued.body).toMatchObject({ code: 0, data: { month: '2026-10', issued: 1, existing: 0 } });
    const list = await callAs(t.app, trees.beta.token, 'GET', '/api/prepaid/bills');
    expect(list.body.data).toEqual({ list: [], total: 0 });
    const own = await callAs(t.app, trees.alpha.token, 'GET', '/api/prepaid/bills?month=2026-10&keyword=a-1');
    const bills = own.body.data.list as BillRow[];
    expect(bills.map((bill) => [bill.roomCode, bill.openingMinor, bill.topupsMinor, bill.closingMinor])).toEqual([['A-101', 0, 900, 900]]);
    // Another tree's bill is answered as one that does not exist.
    const foreign = await callAs(t.app, trees.beta.token, 'GET', `/api/prepaid/bills/${bills[0]!.id}`);
    expect([foreign.status, foreign.body.message]).toEqual([404, `Bill ${bills[0]!.id} was not found`]);
    // Tree B's own issue writes B's bill, not A's again.
    expect((await callAs(t.app, trees.beta.token, 'POST', '/api/prepaid/bills/issue', { month: '2026-10' })).body.data).toEqual({
      month: '2026-10',
      issued: 1,
      existing: 0,
    });
    expect(await new Bills(t.app.storage.db, TZ).issue(null, '2026-10', Date.now())).toEqual({ month: '2026-10', issued: 0, existing: 2 });
  });

  it('refuses statistics to a user without their screen', async () => {
    const refused = await callAs(t.app, trees.alpha.token, 'GET', '/api/prepaid/stats/charging?from=2026-10-01&to=2026-10-31');
    expect(refused.status).toBe(403);
    const allowed = await callAs(t.app, trees.alpha.token, 'GET', '/api/prepaid/stats/consumption?from=2026-10-01&to=2026-10-31');
    expect(allowed.body.data).toEqual({ rows: [], total: { key: 'total', label: '', energyMilli: 0, chargesMinor: 0, feesMinor: 0 } });
  });
});

describe('the wall', () => {
  it('counts each tree’s rooms on its own', async () => {
    const alpha = (await callAs(t.app, trees.alpha.token, 'GET', '/api/prepaid/wall/overview')).body.data as PrepaidOverview;
    expect(alpha.rooms).toBe(1);
    // 900 credited, thresholds 5 000 / 1 000: under level 2.
    expect(alpha.states.alarm2).toBe(1);
    const beta = (await callAs(t.app, trees.beta.token, 'GET', '/api/prepaid/wall/overview')).body.data as PrepaidOverview;
    expect([beta.rooms, beta.states.normal]).toEqual([1, 1]);
  });

  it('serves the channels per tree, refuses a user without a prepaid screen, and sends again every 30 s', async () => {
    const provider = prepaidWallChannels({
      db: t.app.storage.db,
      timeZone: TZ,
      screens: MENUS,
      onError: (error) => {
        throw error;
      },
    });
    const auth = (id: number, paths: string[]) => ({ isAdmin: false, user: { id }, permittedPaths: async () => new Set(paths) }) as unknown as AuthContext;
    expect(provider.matches('prepaid:overview')).toBe(true);
    expect(provider.matches('prepaid:rooms:10')).toBe(true);
    expect(provider.matches('prepaid:rooms:500')).toBe(false);
    const channel = 'prepaid:rooms:5';
    const alpha = auth(trees.alphaSub.id, ['/pay/room']);
    const joined = await provider.join({ channel, auth: alpha, afterId: undefined });
    expect(joined.room).toBe(`${channel}#user:${trees.alphaSub.id}`);
    const snapshot = await provider.snapshot({ channel, auth: alpha, afterId: undefined }, joined.scope);
    const data = snapshot.messages[0] as RoomCreditData;
    expect(data.rooms.map((room) => [room.roomCode, room.balanceMinor, room.roomState])).toEqual([['A-101', 900, 'alarm2']]);
    await expect(provider.join({ channel, auth: auth(trees.alpha.id, ['/others/nothing']), afterId: undefined })).rejects.toThrow(`You may not see ${channel}`);

    const sent: { room: string; data: unknown }[] = [];
    const publisher: ChannelPublisher = {
      publish: (room, _channel, payload) => void sent.push({ room, data: payload }),
      activeRooms: () => [{ room: joined.room, channel, scope: joined.scope }],
      hasRoom: () => true,
    };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stop = provider.start(publisher);
      await vi.advanceTimersByTimeAsync(30_100);
      await vi.waitFor(() => expect(sent.length).toBe(1));
      expect((sent[0]!.data as RoomCreditData).rooms.map((room) => room.roomCode)).toEqual(['A-101']);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
