import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_SCREENS, type AlarmKind } from '@shared/schemas';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { alarmCounts } from '../../alarms/alarmCounts';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';

const RULES = ['/alarm-management/threshold', '/alarm-management/threshold/add', '/alarm-management/threshold/edit', '/alarm-management/threshold/delete'];
const MENUS = [...ALARM_SCREENS, ...RULES];
const rule = (scope: 'meter' | 'department', scopeId: number, name: string) => ({ name, scope, scopeId, metric: scope === 'meter' ? 'P' : 'energy', over: 50 });

describe('alarm rules, records and counts belong to a user tree', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let adminToken: string;
  let a: TreeObjects;
  let b: TreeObjects;
  const ids = { aRule: 0, bRule: 0, aAlarm: 0, aDeptAlarm: 0, bAlarm: 0 };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    adminToken = await loginAs(t.app);
    trees = await twoTrees(t.app, MENUS);
    a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
    b = await treeObjects(t.app, trees.beta.id, 'BETA');
    ids.aRule = (await callAs(t.app, trees.alpha.token, 'POST', '/api/alarm-rules', rule('meter', a.meter, 'Alpha power'))).body.data.id;
    ids.bRule = (await callAs(t.app, trees.beta.token, 'POST', '/api/alarm-rules', rule('meter', b.meter, 'Beta power'))).body.data.id;
    const { db } = t.app.storage;
    const records = t.app.alarms.engine.records;
    const raise = async (kind: AlarmKind, type: 'meter' | 'department' | 'gateway', id: number, message: string) =>
      (
        await records.raise({
          kind,
          severity: 'high',
          subject: await alarmSubject(db, type, id),
          ruleId: 0,
          metric: null,
          value: null,
          limit: null,
          message,
          at: Date.now(),
        })
      ).id;
    ids.aAlarm = await raise('device', 'meter', a.meter, 'Alpha meter alarm');
    ids.aDeptAlarm = await raise('device', 'department', a.department, 'Alpha department alarm');
    await raise('offline', 'gateway', a.gateway, 'Alpha gateway offline');
    ids.bAlarm = await raise('device', 'meter', b.meter, 'Beta meter alarm');
    // Migrations, argon2 logins and the fixtures take a while on PostgreSQL.
  }, 60_000);
  afterAll(async () => t.close());

  const beta = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const asAdmin = (url: string) => callAs(t.app, adminToken, 'GET', url);

  it("lists rules of the caller's tree only", async () => {
    const list = await beta('GET', '/api/alarm-rules?size=100');
    expect(list.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Beta power']);
    expect(list.body.data.total).toBe(1);
    const alpha = await callAs(t.app, trees.alphaSub.token, 'GET', '/api/alarm-rules?size=100');
    expect(alpha.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Alpha power']);
    expect((await asAdmin('/api/alarm-rules?size=100')).body.data.total).toBe(2);
  });

  it("reads, retunes, disables and deletes of tree A's rules answer 'not found' and change nothing", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/alarm-rules/${ids.aRule}`],
      ['PUT', `/api/alarm-rules/${ids.aRule}`, { ...rule('meter', b.meter, 'Taken over'), enabled: false }],
    ] as const) {
      const answer = await beta(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.message).toBe(`Alarm rule ${ids.aRule} was not found`);
    }
    const removed = await beta('DELETE', '/api/alarm-rules', { ids: [ids.aRule] });
    expect(removed.body.data).toEqual({ deleted: 0 });
    expect((await asAdmin(`/api/alarm-rules/${ids.aRule}`)).body.data).toMatchObject({ name: 'Alpha power', enabled: true, over: 50, scopeId: a.meter });
  });

  it("refuses rules on tree A's meters and departments, and suggestions from A's meter", async () => {
    for (const [scope, id] of [
      ['meter', a.meter],
      ['department', a.department],
    ] as const) {
      const answer = await beta('POST', '/api/alarm-rules', rule(scope, id, 'Spy'));
      expect(answer.status).toBe(400);
      expect(answer.body.data.issues).toEqual([{ field: 'body.scopeId', rule: 'exists', message: `no ${scope} with id ${id}` }]);
    }
    const moved = await beta('PUT', `/api/alarm-rules/${ids.bRule}`, rule('meter', a.meter, 'Beta power'));
    expect(moved.status).toBe(400);
    const suggest = await beta('GET', `/api/alarm-rules/suggest?meterId=${a.meter}&metric=P`);
    expect(suggest.status).toBe(404);
    expect(suggest.body.message).toBe(`Meter ${a.meter} does not exist`);
    expect((await asAdmin('/api/alarm-rules?size=100')).body.data.total).toBe(2);
  });

  it("a sub-user of tree A sees tree A's alarms: meters, departments and gateways", async () => {
    const list = await callAs(t.app, trees.alphaSub.token, 'GET', '/api/alarm-records?size=100');
    expect(list.body.data.rows.map((r: { message: string }) => r.message).sort()).toEqual([
      'Alpha department alarm',
      'Alpha gateway offline',
      'Alpha meter alarm',
    ]);
    const counts = await callAs(t.app, trees.alphaSub.token, 'POST', '/api/alarm-records/alarm-total-count', { processingState: [1, 2] });
    expect(counts.body.data).toEqual({ total: 3, deviceCount: 2, errorCount: 0, troubleCount: 0, offlineCount: 1 });
    expect(await alarmCounts(t.app.storage.db, { processingState: [1, 2], userId: trees.alphaSub.id })).toMatchObject({ total: 3 });
  });

  it("tree B sees, counts and acts on none of tree A's alarms", async () => {
    const list = await beta('GET', '/api/alarm-records?size=100');
    expect(list.body.data.rows.map((r: { message: string }) => r.message)).toEqual(['Beta meter alarm']);
    const counts = await beta('POST', '/api/alarm-records/alarm-total-count', { processingState: [1, 2] });
    expect(counts.body.data).toEqual({ total: 1, deviceCount: 1, errorCount: 0, troubleCount: 0, offlineCount: 0 });
    expect((await beta('GET', '/api/alarm-records/stats')).body.data.total).toBe(1);
    const acted = await beta('POST', '/api/alarm-records/acknowledge', { ids: [ids.aAlarm, ids.aDeptAlarm] });
    expect(acted.body.data).toEqual({
      changed: [],
      skipped: [
        { id: ids.aAlarm, reason: 'no such alarm' },
        { id: ids.aDeptAlarm, reason: 'no such alarm' },
      ],
    });
    const processed = await beta('POST', '/api/alarm-records/process', { ids: [ids.aAlarm] });
    expect(processed.body.data.changed).toEqual([]);
    const alpha = await callAs(t.app, trees.alpha.token, 'POST', '/api/alarm-records/acknowledge', { ids: [ids.aAlarm] });
    expect(alpha.body.data.changed).toEqual([ids.aAlarm]);
    const betaLog = (await beta('GET', '/api/alarm-actions?size=100')).body.data.rows as { recordId: number }[];
    expect(new Set(betaLog.map((row) => row.recordId))).toEqual(new Set([ids.bAlarm]));
    const alphaLog = (await callAs(t.app, trees.alphaSub.token, 'GET', '/api/alarm-actions?action=acknowledged')).body.data.rows;
    expect(alphaLog.map((row: { recordId: number; actor: string }) => [row.recordId, row.actor])).toEqual([[ids.aAlarm, 'alpha_top']]);
  });
});
