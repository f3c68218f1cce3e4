import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUser } from '@tests/support/users';
import { resourceCaller } from './resourceKit.test-util';

let t: TestApp;
let token: string | undefined;
let api: ReturnType<typeof resourceCaller>;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app);
  api = resourceCaller(t, () => token);
});
afterAll(() => t.close());

describe('/api/subitems (generic CRUD)', () => {
  it('creates, reads, lists, updates and deletes', async () => {
    const created = await api('POST', '/api/subitems', { code: 'T-LIGHT', name: 'Lighting', sort: 2 });
    expect(created).toMatchObject({ code: 0, message: 'Created', data: { code: 'T-LIGHT', name: 'Lighting', parentId: null, sort: 2 } });
    const id = created.data.id as number;
    const child = await api('POST', '/api/subitems', { code: 'T-LIGHT-EMERG', name: 'Emergency lighting', parentId: id });
    expect(child.data).toMatchObject({ parentId: id, sort: 0 });

    expect((await api('GET', `/api/subitems/${id}`)).data).toEqual({ id, code: 'T-LIGHT', name: 'Lighting', parentId: null, sort: 2 });
    const list = await api('GET', '/api/subitems?page=1&size=1&keyword=t-light');
    expect(list.data.total).toBe(2);
    expect(list.data.rows).toHaveLength(1);
    await api('POST', '/api/subitems', { code: 'T_UNDER', name: 'Underscore' });
    expect((await api('GET', '/api/subitems?keyword=t_und')).data.total).toBe(1);
    expect((await api('GET', '/api/subitems?keyword=t%25light')).data.total).toBe(0);
    expect((await api('GET', `/api/subitems?parentId=${id}`)).data.rows.map((r: { code: string }) => r.code)).toEqual(['T-LIGHT-EMERG']);

    const updated = await api('PUT', `/api/subitems/${id}`, { code: 'T-LIGHT', name: 'Lighting (all)', sort: 1 });
    expect(updated).toMatchObject({ code: 0, message: 'Saved', data: { name: 'Lighting (all)', sort: 1 } });

    expect(await api('DELETE', `/api/subitems/${child.data.id}`)).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect((await api('GET', `/api/subitems/${child.data.id}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('deletes a batch, all or nothing', async () => {
    const a = (await api('POST', '/api/subitems', { code: 'T-HVAC', name: 'HVAC' })).data.id;
    const b = (await api('POST', '/api/subitems', { code: 'T-POWER', name: 'Power' })).data.id;
    expect((await api('DELETE', '/api/subitems', { ids: [a, 99999] })).code).toBe(ErrorCode.NOT_FOUND);
    expect(await api('DELETE', '/api/subitems', { ids: [a, b] })).toMatchObject({ code: 0, data: { deleted: 2 } });
    expect((await api('DELETE', '/api/subitems', { ids: [] })).message).toBe('body.ids: Choose at least one row');
  });

  it('validates with the shared schema: sort must be a number, code required and unique', async () => {
    const badSort = await api('POST', '/api/subitems', { code: 'X1', name: 'X', sort: 'first' });
    expect(badSort).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'body.sort: Must be a number' });
    expect((await api('POST', '/api/subitems', { code: ' ', name: 'X' })).message).toBe('body.code: Please fill in this field');
    await api('POST', '/api/subitems', { code: 'T-SPECIAL', name: 'Test special' });
    const duplicate = await api('POST', '/api/subitems', { code: 'T-SPECIAL', name: 'Again' });
    expect(duplicate).toMatchObject({ status: 400, code: ErrorCode.VALIDATION_FAILED, message: 'code "T-SPECIAL" is already used' });
    expect((await api('POST', '/api/subitems', { code: 'ORPHAN', name: 'Orphan', parentId: 4242 })).message).toBe('parentId: 4242 does not exist');
  });

  it('lists options for pickers to any signed-in user', async () => {
    const options = await api('GET', '/api/subitems/options');
    expect(options.data).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Test special', parentId: null })]));
  });
});

describe('/api/subitems access (spec §6)', () => {
  it('lets a sub-user without the menu or buttons neither read nor write', async () => {
    await insertSubUser(t.app, { username: 'operator-sub', password: 'Secret!234' });
    const subToken = await loginAs(t.app, 'operator-sub', 'Secret!234');
    const asSub = resourceCaller(t, () => subToken);
    expect((await asSub('GET', '/api/subitems')).code).toBe(ErrorCode.FORBIDDEN);
    expect(await asSub('POST', '/api/subitems', { code: 'NOPE', name: 'Nope' })).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN });
  });

  it('wants a token', async () => {
    const anonymous = resourceCaller(t, () => undefined);
    expect((await anonymous('GET', '/api/subitems')).code).toBe(ErrorCode.TOKEN_MISSING);
    expect((await anonymous('DELETE', '/api/subitems', { ids: [1] })).code).toBe(ErrorCode.TOKEN_MISSING);
  });
});
