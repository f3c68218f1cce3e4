import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportWallData } from '@boards/widgets/report-table/channel';
import { reportDefinitionBodySchema, type ReportSpecInput } from '@shared/reports/spec';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';
import type { AuthContext } from '../../auth/authService';
import type { ChannelPublisher, ChannelSubscription } from '../../realtime/channelProvider';
import { at, energyKit, type EnergyKit } from '../../energy/energyKit.test-util';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';
import { ReportDefinitions } from '../../reports/definitions';
import { ownerScopeOfUser } from '../../tenancy/ownerScope';
import { reportWallChannels } from './reportWallChannels';
import { REPORT_WALL_SCREENS } from './routes';

// Asia/Shanghai. Readings on 2026-11-01 (tree A, the demo's meters; tree B, a tenant's own incomer):
//   M011 00:00 110, 00:15 113 → 3 kWh;  M014 00:00 501, 00:15 505 → 4 kWh;  total 7
//   BETA-M1 00:00 1000, 00:15 1100 → 100 kWh
// Later M011 00:30 116 → 6 kWh that day, total 10 (what the refresh must pick up).
let k: EnergyKit;
let operator: TreeUser;
let beta: TreeUser;
let outsider: TreeUser;
let betaObjects: TreeObjects;
let defA: number;
let defB: number;
let adminId: number;
let clock = at('2026-11-02T08:00:00');

const daySpec = (ids: number[]): ReportSpecInput => ({
  objects: { kind: 'meter', ids },
  columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }],
  period: { preset: 'custom', from: '2026-11-01', to: '2026-11-01' },
});
const figures = (data: ReportWallData) => data.table!.rows.map((row) => [row.kind, row.label, ...row.cells]);

beforeAll(async () => {
  k = await energyKit();
  const db = k.t.app.storage.db;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  adminId = admin.id;
  operator = await treeUser(k.t.app, 'wall_operator', ['/report/reportList'], admin.id);
  outsider = await treeUser(k.t.app, 'wall_outsider', ['/settings/boardConfig'], admin.id);
  beta = await treeUser(k.t.app, 'wall_beta', ['/report/reportList', '/settings/boardConfig']);
  betaObjects = await treeObjects(k.t.app, beta.id, 'BETA');
  const reading = (meter: string, time: string, kwh: number) => ({ meter, ts: at(time), values: { kwh } });
  await k.ingest([
    reading('M011', '2026-11-01T00:00:00', 110),
    reading('M011', '2026-11-01T00:15:00', 113),
    reading('M014', '2026-11-01T00:00:00', 501),
    reading('M014', '2026-11-01T00:15:00', 505),
  ]);
  const betaReadings = [reading(betaObjects.meterCode, '2026-11-01T00:00:00', 1000), reading(betaObjects.meterCode, '2026-11-01T00:15:00', 1100)];
  expect(await k.t.app.ingest.submit({ readings: betaReadings }, { kind: 'mqtt', gatewaySn: betaObjects.gatewaySn })).toMatchObject({ accepted: 2 });

  const store = new ReportDefinitions(db);
  const create = async (userId: number, name: string, spec: ReportSpecInput) =>
    (
      await store.create(reportDefinitionBodySchema.parse({ name, template: 'dailyEnergy', spec }), {
        userId,
        scope: await ownerScopeOfUser(db, userId),
      })
    ).id;
  defA = await create(operator.id, 'Presses yesterday', daySpec([await k.id('meters', 'M011'), await k.id('meters', 'M014')]));
  defB = await create(beta.id, 'Tenant incomer', daySpec([]));
}, 120_000);
afterAll(() => k.t.close());

const provider = () =>
  reportWallChannels({
    storage: k.t.app.storage,
    timeZone: 'Asia/Shanghai',
    screens: REPORT_WALL_SCREENS,
    onError: (error) => {
      throw error;
    },
    now: () => clock,
    tickMs: 10_000,
  });
const authOf = (id: number, paths: readonly string[], isAdmin = false) =>
  ({
    isAdmin,
    user: { id },
    display: null,
    permittedPaths: async () => new Set(paths),
    ownerScope: () => ownerScopeOfUser(k.t.app.storage.db, id),
  }) as unknown as AuthContext;
const sub = (channel: string, auth: AuthContext): ChannelSubscription => ({ channel, auth, afterId: undefined });

describe('report:<definition>:table:<period>:<minutes>', () => {
  it('names only well-formed channels', () => {
    const wall = provider();
    for (const good of ['report:12:table:own:5', 'report:12:table:yesterday:1', 'report:tpl-bandStatement:table:thisMonth:60'])
      expect(wall.matches(good), good).toBe(true);
    for (const bad of ['report:12:table:custom:5', 'report:12:table:own:0', 'report:12:table:own:61', 'report:0:table:own:5', 'report:tpl-nope:table:own:5'])
      expect(wall.matches(bad), bad).toBe(false);
  });

  it('answers a definition’s table in the caller’s tree, for its own period or a preset', async () => {
    const wall = provider();
    const operatorAuth = authOf(operator.id, ['/report/reportList']);
    const channel = `report:${defA}:table:own:5`;
    const joined = await wall.join(sub(channel, operatorAuth));
    expect(joined.room).toBe(`${channel}#user:${operator.id}`);
    const [data] = (await wall.snapshot(sub(channel, operatorAuth), joined.scope)).messages as ReportWallData[];
    expect([data!.definitionId, data!.name, data!.problem, data!.computedAt]).toEqual([defA, 'Presses yesterday', null, clock]);
    expect(figures(data!)).toEqual([
      ['data', 'Line 1 press', 3],
      ['data', 'Line 2 press', 4],
      ['total', 'Total', 7],
    ]);
    expect(data!.table!.period).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    // "yesterday" seen on 2 November is the same day; "today" has no readings (empty cells, not 0).
    const yesterday = `report:${defA}:table:yesterday:5`;
    await wall.join(sub(yesterday, operatorAuth));
    const [other] = (await wall.snapshot(sub(yesterday, operatorAuth), joined.scope)).messages as ReportWallData[];
    expect(figures(other!)).toEqual(figures(data!));
    const today = `report:${defA}:table:today:5`;
    const [empty] = (await wall.snapshot(sub(today, operatorAuth), joined.scope)).messages as ReportWallData[];
    expect([empty!.table!.period.from, figures(empty!)]).toEqual([
      '2026-11-02',
      [
        ['data', 'Line 1 press', null],
        ['data', 'Line 2 press', null],
        ['total', 'Total', null],
      ],
    ]);
  });

  it('refuses another tree’s definition as one that does not exist, and a user without a report screen', async () => {
    const wall = provider();
    await expect(wall.join(sub(`report:${defB}:table:own:5`, authOf(operator.id, ['/report/reportList'])))).rejects.toThrow(
      `No report definition with id ${defB}`,
    );
    await expect(wall.join(sub(`report:${defA}:table:own:5`, authOf(beta.id, ['/report/reportList'])))).rejects.toThrow(`No report definition with id ${defA}`);
    await expect(wall.join(sub('report:999999:table:own:5', authOf(beta.id, ['/report/reportList'])))).rejects.toThrow('No report definition with id 999999');
    const outsiderAuth = authOf(outsider.id, ['/settings/boardConfig']);
    await expect(wall.join(sub(`report:${defA}:table:own:5`, outsiderAuth))).rejects.toThrow(`You may not see report:${defA}:table:own:5`);
    // An administrator sees every tree's definitions in one shared room.
    const adminJoined = await wall.join(sub(`report:${defB}:table:own:5`, authOf(adminId, [], true)));
    expect(adminJoined.room).toBe(`report:${defB}:table:own:5#all`);
  });

  it('reads as the owner of a display token: its tree’s definitions only, and a template finds the tree’s own', async () => {
    const now = Date.now();
    const board = await k.t.app.storage.db
      .insertInto('boards')
      .values({
        name: 'Tenant wall',
        description: '',
        document: '{}',
        revision: 1,
        sample_key: null,
        created_at: now,
        updated_at: now,
        updated_by: 'x',
        owner_user_id: beta.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await callAs(k.t.app, beta.token, 'POST', '/api/displays', { name: 'Tenant lobby', scope: { kind: 'boards', boardIds: [board.id] } });
    expect(created.status).toBe(200);
    const display = await k.t.app.auth.authenticate(created.body.data.token as string);
    expect(display.display).not.toBeNull();
    const wall = provider();
    await expect(wall.join(sub(`report:${defA}:table:own:5`, display))).rejects.toThrow(`No report definition with id ${defA}`);
    const byTemplate = 'report:tpl-dailyEnergy:table:own:5';
    const joined = await wall.join(sub(byTemplate, display));
    const [data] = (await wall.snapshot(sub(byTemplate, display), joined.scope)).messages as ReportWallData[];
    expect([data!.definitionId, figures(data!)]).toEqual([
      defB,
      [
        ['data', 'BETA incomer', 100],
        ['total', 'Total', 100],
      ],
    ]);
    // The operator's tree has its own definition of that template; a template nobody used is answered as missing.
    const [own] = (await wall.snapshot(sub(byTemplate, authOf(operator.id, ['/report/reportList'])), joined.scope)).messages as ReportWallData[];
    expect(own!.definitionId).toBe(defA);
    const [none] = (await wall.snapshot(sub('report:tpl-roomStatement:table:own:5', display), joined.scope)).messages as ReportWallData[];
    expect([none!.problem, none!.table, none!.definitionId]).toEqual(['missing', null, null]);
  });

  it('computes again every <minutes> for watched rooms only, and says so when the definition is gone', async () => {
    const wall = provider();
    const operatorAuth = authOf(operator.id, ['/report/reportList']);
    const channel = `report:${defA}:table:own:1`;
    const joined = await wall.join(sub(channel, operatorAuth));
    await wall.snapshot(sub(channel, operatorAuth), joined.scope);
    await k.ingest([{ meter: 'M011', ts: at('2026-11-01T00:30:00'), values: { kwh: 116 } }]);

    const sent: { room: string; data: ReportWallData }[] = [];
    let rooms = [{ room: joined.room, channel, scope: joined.scope }];
    const publisher: ChannelPublisher = {
      publish: (room, _channel, payload) => void sent.push({ room, data: payload as ReportWallData }),
      activeRooms: () => rooms,
      hasRoom: () => true,
    };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stop = wall.start(publisher);
      clock += 30_000;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sent).toEqual([]);
      clock += 31_000;
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(sent.length).toBe(1));
      expect([sent[0]!.room, figures(sent[0]!.data)]).toEqual([
        joined.room,
        [
          ['data', 'Line 1 press', 6],
          ['data', 'Line 2 press', 4],
          ['total', 'Total', 10],
        ],
      ]);
      // A minute later the definition is deleted: the wall is told rather than left with old figures.
      await new ReportDefinitions(k.t.app.storage.db).delete(defA);
      clock += 61_000;
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(sent.length).toBe(2));
      expect([sent[1]!.data.problem, sent[1]!.data.table]).toEqual(['missing', null]);
      // Nobody watches any more: nothing is computed.
      rooms = [];
      clock += 120_000;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(sent.length).toBe(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
