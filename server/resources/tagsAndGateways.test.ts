import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { resourceCaller } from './resourceKit.test-util';

let t: TestApp;
let api: ReturnType<typeof resourceCaller>;
beforeAll(async () => {
  t = await createTestApp();
  const token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
});
afterAll(() => t.close());

describe('/api/tags', () => {
  it('wants a #RRGGBB colour and a unique name', async () => {
    expect((await api('POST', '/api/tags', { name: 'T-red', color: 'red' })).message).toBe('body.color: Colour must be #RRGGBB, e.g. #409EFF');
    const created = await api('POST', '/api/tags', { name: 'T-red', color: '#E74C3C' });
    expect(created.data).toEqual({ id: created.data.id, name: 'T-red', color: '#E74C3C' });
    expect((await api('POST', '/api/tags', { name: 'T-red', color: '#000000' })).message).toBe('name "T-red" is already used');
    expect((await api('PUT', `/api/tags/${created.data.id}`, { name: 'T-red', color: '#C0392B' })).data.color).toBe('#C0392B');
  });
});

describe('/api/gateways', () => {
  it('creates a gateway for an existing owner, online state read-only', async () => {
    const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const created = await api('POST', '/api/gateways', { sn: 'T-GW-1', name: 'Roof gateway', ownerUserId: admin.id, online: true });
    expect(created.data).toMatchObject({ sn: 'T-GW-1', ownerUserId: admin.id, online: false, lastSeenAt: null });
    expect((await api('POST', '/api/gateways', { sn: 'T-GW-2', name: 'X', ownerUserId: 9999 })).message).toBe('ownerUserId: 9999 does not exist');
    expect((await api('GET', '/api/gateways?online=false&keyword=t-gw')).data.total).toBe(1);
    expect((await api('GET', '/api/gateways/options')).data).toEqual(expect.arrayContaining([{ id: created.data.id, name: 'T-GW-1' }]));
  });

  it('refuses an unknown id', async () => {
    expect((await api('PUT', '/api/gateways/9999', { sn: 'T-GW-9', name: 'X', ownerUserId: 1 })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
