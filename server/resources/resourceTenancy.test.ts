import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';

/** The device, department, sub-item and tag screens with every button. */
const MENUS = [
  '/devices/depart',
  ...['/base/device', '/devices/departs', '/devices/subitem', '/devices/tag'].flatMap((menu) => [menu, `${menu}/add`, `${menu}/edit`, `${menu}/delete`]),
];

describe('devices, departments, sub-items and tags belong to a user tree', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let adminToken: string;
  const a = { gateway: 0, department: 0, subitem: 0, tag: 0, meter: 0 };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    adminToken = await loginAs(t.app);
    trees = await twoTrees(t.app, MENUS);
    const as = (method: 'POST', url: string, body: unknown) => callAs(t.app, trees.alpha.token, method, url, body);
    a.gateway = (await as('POST', '/api/gateways', { sn: 'GW-ALPHA', name: 'Alpha gateway', ownerUserId: trees.alpha.id })).body.data.id;
    a.department = (await as('POST', '/api/departments', { name: 'Alpha plant', code: 'ALPHA-D', parentId: null, sort: 0 })).body.data.id;
    a.subitem = (await as('POST', '/api/subitems', { name: 'Alpha lighting', code: 'ALPHA-S', parentId: null, sort: 0 })).body.data.id;
    a.tag = (await as('POST', '/api/tags', { name: 'Alpha tag', color: '#409EFF' })).body.data.id;
    const meter = await as('POST', '/api/meters', {
      code: 'ALPHA-M1',
      name: 'Alpha incomer',
      gatewayId: a.gateway,
      departmentId: a.department,
      subitemId: a.subitem,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      registerMax: 99_999_999,
      ratedPowerKw: 100,
      tagIds: [a.tag],
    });
    a.meter = meter.body.data.id;
    expect(Object.values(a).every((id) => id > 0)).toBe(true);
  });
  afterAll(async () => t.close());

  const beta = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const asAdmin = (url: string) => callAs(t.app, adminToken, 'GET', url);

  it("lists and pickers of another tree show none of tree A's rows", async () => {
    for (const path of ['gateways', 'departments', 'subitems', 'tags', 'meters']) {
      const list = await beta('GET', `/api/${path}?page=1&size=100`);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(0);
      expect(JSON.stringify(list.body)).not.toMatch(/ALPHA|Alpha/);
      const options = await beta('GET', `/api/${path}/options`);
      expect(options.body.data).toEqual([]);
    }
    expect((await beta('GET', '/api/departments/tree')).body.data).toEqual([]);
  });

  it("tree A's sub-user sees tree A's rows", async () => {
    const list = await callAs(t.app, trees.alphaSub.token, 'GET', '/api/meters?page=1&size=100');
    expect(list.body.data.rows.map((m: { code: string }) => m.code)).toEqual(['ALPHA-M1']);
  });

  it("reads, updates and deletes of tree A's ids answer 'not found' and change nothing", async () => {
    const meterBody = {
      code: 'ALPHA-M1',
      name: 'Taken over',
      gatewayId: null,
      departmentId: null,
      subitemId: null,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 400,
      ptRatio: 1,
      registerMax: 99_999_999,
      ratedPowerKw: 100,
      tagIds: [],
    };
    const attempts: [string, 'GET' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['meter', 'GET', `/api/meters/${a.meter}`],
      ['meter', 'PUT', `/api/meters/${a.meter}`, meterBody],
      ['meter', 'DELETE', `/api/meters/${a.meter}`],
      ['meter', 'DELETE', '/api/meters', { ids: [a.meter] }],
      ['department', 'DELETE', `/api/departments/${a.department}`],
      ['department', 'PUT', `/api/departments/${a.department}`, { name: 'Taken over', code: 'ALPHA-D', parentId: null, sort: 0 }],
      ['sub-item', 'DELETE', `/api/subitems/${a.subitem}`],
      ['tag', 'PUT', `/api/tags/${a.tag}`, { name: 'Taken over', color: '#000000' }],
      ['gateway', 'PUT', `/api/gateways/${a.gateway}`, { sn: 'GW-ALPHA', name: 'Taken over', ownerUserId: trees.beta.id }],
      ['gateway', 'DELETE', `/api/gateways/${a.gateway}`],
    ];
    for (const [label, method, url, body] of attempts) {
      const answer = await beta(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.message).toMatch(new RegExp(`^${label} \\d+ was not found$`));
    }
    const meter = (await asAdmin(`/api/meters/${a.meter}`)).body.data;
    expect(meter).toMatchObject({ name: 'Alpha incomer', ctRatio: 1, gatewayId: a.gateway });
    expect((await asAdmin(`/api/gateways/${a.gateway}`)).body.data).toMatchObject({ name: 'Alpha gateway', ownerUserId: trees.alpha.id });
    expect((await asAdmin(`/api/departments/${a.department}`)).body.data.name).toBe('Alpha plant');
    expect((await asAdmin(`/api/tags/${a.tag}`)).body.data.name).toBe('Alpha tag');
    expect((await asAdmin(`/api/subitems/${a.subitem}`)).status).toBe(200);
  });

  it("a gateway's MQTT login cannot be set from another tree", async () => {
    const answer = await beta('PUT', `/api/gateways/${a.gateway}/mqtt-credentials`, { mqttUsername: 'beta-takeover', mqttPassword: 'Takeover!123' });
    expect(answer.status).toBe(404);
    expect((await asAdmin(`/api/gateways/${a.gateway}`)).body.data.mqttUsername).toBeNull();
  });

  it("new rows cannot point at tree A's objects or be given to tree A's users", async () => {
    const gateway = await beta('POST', '/api/gateways', { sn: 'GW-BETA-1', name: 'Beta gateway', ownerUserId: trees.alpha.id });
    expect(gateway.status).toBe(400);
    expect(gateway.body.message).toBe(`ownerUserId: ${trees.alpha.id} does not exist`);
    const meter = await beta('POST', '/api/meters', {
      code: 'BETA-M1',
      name: 'Beta meter on alpha gateway',
      gatewayId: a.gateway,
      departmentId: a.department,
      energyType: 'electricity',
      unit: 'kWh',
      ctRatio: 1,
      ptRatio: 1,
      registerMax: 99_999_999,
      ratedPowerKw: 100,
      tagIds: [a.tag],
    });
    expect(meter.status).toBe(400);
    expect(meter.body.message).toBe(`gatewayId: ${a.gateway} does not exist`);
    const department = await beta('POST', '/api/departments', { name: 'Beta under alpha', code: 'BETA-D', parentId: a.department, sort: 0 });
    expect(department.body.message).toBe(`parentId: ${a.department} does not exist`);
    const count = await t.app.storage.db
      .selectFrom('meters')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("tree B's own rows belong to tree B and its own gateway may be given only within tree B", async () => {
    const gateway = await beta('POST', '/api/gateways', { sn: 'GW-BETA-2', name: 'Beta gateway', ownerUserId: trees.beta.id });
    expect(gateway.status).toBe(200);
    const tag = await beta('POST', '/api/tags', { name: 'Beta tag', color: '#409EFF' });
    const row = await t.app.storage.db.selectFrom('tags').select('owner_user_id').where('id', '=', tag.body.data.id).executeTakeFirstOrThrow();
    expect(row.owner_user_id).toBe(trees.beta.id);
    expect((await callAs(t.app, trees.alpha.token, 'GET', `/api/tags/${tag.body.data.id}`)).status).toBe(404);
  });
});

describe('GET /api/users/check answers only whether a name is taken, and only to user managers', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let managerB: string;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    trees = await twoTrees(t.app, ['/base/device']);
    const { treeUser } = await import('@tests/support/trees');
    managerB = (await treeUser(t.app, 'beta_manager', ['/settings/user', '/settings/user/add', '/settings/user/edit'])).token;
  });
  afterAll(async () => t.close());

  it('refuses callers who may neither create nor edit users', async () => {
    const answer = await callAs(t.app, trees.beta.token, 'GET', '/api/users/check?username=alpha_top');
    expect(answer.status).toBe(403);
  });

  it("tells a user manager of another tree that a name is taken, without the user's id", async () => {
    const answer = await callAs(t.app, managerB, 'GET', '/api/users/check?username=alpha_top');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ taken: true });
    expect((await callAs(t.app, managerB, 'GET', '/api/users/check?email=alpha_top@example.test')).body.data).toEqual({ taken: true });
    expect((await callAs(t.app, managerB, 'GET', '/api/users/check?username=nobody_here')).body.data).toBeNull();
  });

  it('gives the id of a user the caller manages, so the dialog can allow that user its own name', async () => {
    const own = await callAs(t.app, managerB, 'GET', '/api/users/check?username=beta_manager');
    expect(own.body.data).toEqual({ taken: true, _id: expect.any(Number) });
  });
});
