import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { hostWithoutPort } from './requestHost';

let t: TestApp;
let adminToken: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (method: Method, url: string, options: { payload?: unknown; token?: string | null; host?: string } = {}) => {
  const token = options.token === undefined ? adminToken : options.token;
  const headers: Record<string, string> = { ...(token ? bearer(token) : {}), ...(options.host ? { host: options.host } : {}) };
  const response = await t.app.inject({ method, url, headers, ...(options.payload === undefined ? {} : { payload: options.payload as object }) });
  return { status: response.statusCode, body: response.json() };
};

/** A sub-user whose own role grants exactly these menu and button paths (button entries added as needed). */
async function userWithScreens(username: string, paths: string[]): Promise<string> {
  const { db } = t.app.storage;
  const userId = await insertSubUserRow(db, { username, password: 'Secret!234' });
  const role = await db
    .insertInto('roles')
    .values({ name: `role_${username}`, type: 1, description: '', is_default: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const fullpath of paths) {
    let router = await db.selectFrom('routers').select('id').where('fullpath', '=', fullpath).executeTakeFirst();
    router ??= await db
      .insertInto('routers')
      .values({
        path: fullpath.split('/').pop()!,
        fullpath,
        perm_key: fullpath,
        level: 2,
        parent_id: null,
        type: 'button',
        title: fullpath,
        icon: null,
        sort: 0,
        hidden: 1,
        no_role: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_routers').values({ role_id: role.id, router_id: router.id }).execute();
  }
  await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
  return loginAs(t.app, username, 'Secret!234');
}

const create = async (fields: object) => (await call('POST', '/api/login-pages', { payload: fields })).body;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await loginAs(t.app);
});
afterAll(() => t.close());

describe('hostWithoutPort', () => {
  it('drops the port and lower-cases', () => {
    expect(hostWithoutPort('Plant2.Example.com:8443')).toBe('plant2.example.com');
    expect(hostWithoutPort('localhost')).toBe('localhost');
    expect(hostWithoutPort('[::1]:3000')).toBe('[::1]');
    expect(hostWithoutPort('10.0.0.7:80')).toBe('10.0.0.7');
  });
});

describe('login pages', () => {
  it('creates with the contract defaults, lists, updates and deletes', async () => {
    const created = await create({ edition: '  Energy Platform — Plant 2 ', domainName: 'Plant2.Example.com' });
    expect(created).toMatchObject({ code: 0, message: 'Created' });
    expect(created.data).toMatchObject({
      edition: 'Energy Platform — Plant 2',
      notes: '',
      state: false,
      domainName: 'plant2.example.com',
      templateName: 'classic',
    });
    const id = created.data._id;

    const list = (await call('GET', '/api/login-pages?page=1&size=20')).body.data;
    expect(list.total).toBe(1);
    expect(list.rows.map((row: { _id: number }) => row._id)).toEqual([id]);

    const updated = await call('PUT', `/api/login-pages/${id}`, {
      payload: { edition: 'Plant 2', notes: 'night shift', state: true, domainName: 'plant2.example.com', templateName: 'control-room' },
    });
    expect(updated.body).toMatchObject({
      code: 0,
      message: 'Updated',
      data: { _id: id, edition: 'Plant 2', notes: 'night shift', state: true, templateName: 'control-room' },
    });
    expect((await call('PUT', '/api/login-pages/99999', { payload: { edition: 'x' } })).status).toBe(404);

    expect((await call('DELETE', `/api/login-pages/${id}`)).body).toMatchObject({ code: 0, message: 'Deleted' });
    expect((await call('DELETE', `/api/login-pages/${id}`)).status).toBe(404);
    expect((await call('GET', '/api/login-pages')).body.data).toEqual({ total: 0, rows: [] });
  });

  it('rejects invalid fields with the catalogue keys', async () => {
    const empty = await call('POST', '/api/login-pages', { payload: { edition: ' ', domainName: 'bad host!' } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(empty.body.data.issues.map((issue: { field: string; message: string }) => [issue.field, issue.message])).toEqual([
      ['edition', 'loginPages.ph_edition'],
      ['domainName', 'loginPages.domain_err'],
    ]);
    const template = await call('POST', '/api/login-pages', { payload: { edition: 'x', templateName: 'neon' } });
    expect(template.body.data.issues[0].field).toBe('templateName');
  });

  it('keeps one active entry per domain name', async () => {
    const first = (await create({ edition: 'Main site', state: true, domainName: 'energy.example.com' })).data;
    const clash = await call('POST', '/api/login-pages', { payload: { edition: 'Second', state: true, domainName: 'ENERGY.example.com' } });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'loginPages.domain_active_err',
      data: { issues: [{ field: 'domainName', message: 'loginPages.domain_active_err' }] },
    });
    // Inactive entries for the same domain are fine, and activating one of them is refused while the first is active.
    const spare = (await create({ edition: 'Second', state: false, domainName: 'energy.example.com' })).data;
    const activate = await call('PUT', `/api/login-pages/${spare._id}`, { payload: { edition: 'Second', state: true, domainName: 'energy.example.com' } });
    expect(activate.body.message).toBe('loginPages.domain_active_err');
    // An entry may be saved again while it is the active one.
    expect(
      (await call('PUT', `/api/login-pages/${first._id}`, { payload: { edition: 'Main site 2', state: true, domainName: 'energy.example.com' } })).body.code,
    ).toBe(0);
    expect((await call('DELETE', '/api/login-pages', { payload: { ids: [first._id, spare._id, 99999] } })).body.data).toEqual({ deleted: 2 });
  });

  it('serves the active entry for the host, else the catch-all, else null', async () => {
    expect((await call('GET', '/api/login-pages/current', { token: null, host: 'plant9.example.com' })).body).toMatchObject({ code: 0, data: null });
    const catchAll = (await create({ edition: 'Energy Platform', state: true, domainName: '', templateName: 'minimal' })).data;
    const plant = (await create({ edition: 'Plant 9 control room', state: true, domainName: 'plant9.example.com', templateName: 'control-room' })).data;
    const inactive = (await create({ edition: 'Old plant 7', state: false, domainName: 'plant7.example.com' })).data;

    const at = async (host: string) => (await call('GET', '/api/login-pages/current', { token: null, host })).body.data;
    expect(await at('Plant9.Example.com:8443')).toEqual({ edition: 'Plant 9 control room', templateName: 'control-room' });
    expect(await at('plant7.example.com')).toEqual({ edition: 'Energy Platform', templateName: 'minimal' });
    expect(await at('localhost:5173')).toEqual({ edition: 'Energy Platform', templateName: 'minimal' });

    await call('DELETE', '/api/login-pages', { payload: { ids: [catchAll._id] } });
    expect(await at('plant7.example.com')).toBeNull();
    expect(await at('plant9.example.com')).toEqual({ edition: 'Plant 9 control room', templateName: 'control-room' });
    await call('DELETE', '/api/login-pages', { payload: { ids: [plant._id, inactive._id] } });
  });
});

describe('login pages access', () => {
  let viewer: string;
  let editor: string;
  let outsider: string;
  let id: number;

  beforeAll(async () => {
    viewer = await userWithScreens('lpviewer', ['/settings', '/settings/loginPageSet']);
    editor = await userWithScreens('lpeditor', [
      '/settings',
      '/settings/loginPageSet',
      '/settings/loginPageSet/add',
      '/settings/loginPageSet/edit',
      '/settings/loginPageSet/delete',
    ]);
    outsider = await userWithScreens('lpoutsider', ['/settings', '/settings/user']);
    id = (await create({ edition: 'Access check' })).data._id;
  });

  const body = { edition: 'Access check' };
  const cases: [string, Method, () => string, unknown?][] = [
    ['list', 'GET', () => '/api/login-pages'],
    ['create', 'POST', () => '/api/login-pages', body],
    ['update', 'PUT', () => `/api/login-pages/${id}`, body],
    ['batch delete', 'DELETE', () => '/api/login-pages', { ids: [99999] }],
    ['delete', 'DELETE', () => `/api/login-pages/${id}`],
  ];

  // Login pages serve every user tree (one per host name), so only administrators change them, whatever buttons others hold.
  const PLATFORM = 'Only an administrator may change settings shared by every user tree';
  it.each(cases)('%s: no token 401, outsider 403, viewer and editor read only, admin passes', async (name, method, url, payload) => {
    const as = (token: string | null) => call(method, url(), { token, payload });
    const anonymous = await as(null);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    expect([(await as(outsider)).status, (await as(outsider)).body.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    expect((await as(viewer)).status).toBe(name === 'list' ? 200 : 403);
    const edited = await as(editor);
    if (name === 'list') expect(edited.body.code).toBe(0);
    else expect([edited.status, edited.body.message]).toEqual([403, PLATFORM]);
    expect((await as(adminToken)).status).toBe(200);
  });

  it('current is public, signed in or not', async () => {
    expect((await call('GET', '/api/login-pages/current', { token: null })).status).toBe(200);
    expect((await call('GET', '/api/login-pages/current', { token: outsider })).status).toBe(200);
  });
});
