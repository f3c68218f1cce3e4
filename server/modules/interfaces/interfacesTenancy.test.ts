import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACE_KEY_HEADER } from '@shared/schemas';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';

const MENU = '/thirdinterfaces/generic-interfaces';
const MENUS = [MENU, `${MENU}/add`, `${MENU}/delete`, '/thirdinterfaces/call-record', '/base/check'];

describe('interface keys and their calls belong to a user tree', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let a: TreeObjects;
  let b: TreeObjects;
  const keys = { a: { id: 0, key: '' }, b: { id: 0, key: '' } };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    trees = await twoTrees(t.app, MENUS);
    a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
    b = await treeObjects(t.app, trees.beta.id, 'BETA');
    // Tree A's key is made by its top-level user: it belongs to the tree, its sub-user works with it too.
    const created = await callAs(t.app, trees.alpha.token, 'POST', '/api/interface-keys', { name: 'Alpha SCADA' });
    keys.a = { id: created.body.data._id, key: created.body.data.key };
    const beta = await callAs(t.app, trees.beta.token, 'POST', '/api/interface-keys', { name: 'Beta SCADA' });
    keys.b = { id: beta.body.data._id, key: beta.body.data.key };
    // Migrations, argon2 logins and the fixtures take a while on PostgreSQL.
  }, 60_000);
  afterAll(async () => t.close());

  const beta = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const send = (key: string, meter: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ingest/readings',
      headers: { [INTERFACE_KEY_HEADER]: key },
      payload: { readings: [{ meter, ts: Date.now() - 60_000, values: { kwh: 1 } }] },
    });

  it("tree A's sub-user sees and activates the key of its tree; tree B neither sees nor touches it", async () => {
    const alpha = await callAs(t.app, trees.alphaSub.token, 'GET', '/api/interface-keys');
    expect(alpha.body.data.rows.map((k: { name: string }) => k.name)).toEqual(['Alpha SCADA']);
    expect((await beta('GET', '/api/interface-keys')).body.data.rows.map((k: { name: string }) => k.name)).toEqual(['Beta SCADA']);
    const stolen = await beta('POST', '/api/interface-keys/activate', { key: keys.a.key });
    expect(stolen.body.message).toBe('The sdk key is invalid');
    const revoked = await beta('DELETE', `/api/interface-keys/${keys.a.id}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body.message).toBe(`Interface key ${keys.a.id} was not found`);
    expect((await callAs(t.app, trees.alphaSub.token, 'POST', '/api/interface-keys/activate', { key: keys.a.key })).body.data.state).toBe('active');
    expect((await beta('POST', '/api/interface-keys/activate', { key: keys.b.key })).body.data.state).toBe('active');
  });

  it("a key writes its tree's meters only; calls and rejections are listed in the key's tree", async () => {
    expect((await send(keys.a.key, a.meterCode)).json().data).toMatchObject({ accepted: 1 });
    const refused = (await send(keys.b.key, a.meterCode)).json().data;
    expect(refused.rejected).toEqual([{ index: 0, meter: a.meterCode, reason: `meter "${a.meterCode}" is not on a gateway of this interface key's owner` }]);
    expect((await beta('GET', '/api/interface-calls')).body.data.rows.map((c: { keyId: number }) => c.keyId)).toEqual([keys.b.id]);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', '/api/interface-calls')).body.data.rows.map((c: { keyId: number }) => c.keyId)).toEqual([
      keys.a.id,
    ]);
    const rejections = (await beta('GET', '/api/ingest/rejections')).body.data.rows;
    expect(rejections.map((r: { meterCode: string }) => r.meterCode)).toEqual([a.meterCode]);
    expect((await callAs(t.app, trees.alpha.token, 'GET', '/api/ingest/rejections')).body.data.total).toBe(0);
    expect(b.meter).toBeGreaterThan(0);
  });
});
