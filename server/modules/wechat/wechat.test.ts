import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';

/** /wx/wxApp (platform settings, secrets write-only) and /wx/wxUser (bind within the tree) as tree A, tree B and admin. */
let t: TestApp;
let trees: TwoTrees;
let admin: string;
const ids = { wxA: 0, wxB: 0, memberA: 0, memberB: 0 };
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz123456';
const APP_SECRET = 'app-secret-never-read-back';

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  trees = await twoTrees(t.app, ['/wx/wxApp', '/wx/wxUser', '/wx/wxUser/edit']);
  admin = await loginAs(t.app);
  const { db } = t.app.storage;
  const now = Date.now();
  const member = async (owner: number, code: string) =>
    Number(
      (
        await db
          .insertInto('members')
          .values({ owner_user_id: owner, code, name: `${code} name`, kind: 'person', phone: '13700000000' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  ids.memberA = await member(trees.alpha.id, 'MA');
  ids.memberB = await member(trees.beta.id, 'MB');
  const wx = async (owner: number, openid: string) =>
    Number(
      (
        await db
          .insertInto('wx_users')
          .values({ owner_user_id: owner, openid, nickname: `${openid} nick`, member_id: null, bound_at: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  ids.wxA = await wx(trees.alpha.id, 'OPENID-A');
  ids.wxB = await wx(trees.beta.id, 'OPENID-B');
}, 60_000);
afterAll(() => t.close());

describe('/wx/app', () => {
  const body = {
    appId: 'wx1234567890',
    mchId: '1900000001',
    merchantSerialNo: 'SERIAL01',
    appSecret: APP_SECRET,
    apiV3Key: API_V3_KEY,
    privateKeyPem: PRIVATE_PEM,
    platformPublicKeyPem: PUBLIC_PEM,
    baseUrl: 'https://api.mch.weixin.qq.com',
    notifyUrl: 'https://energy.example.test/api/pay/wechat/notify',
    enabled: true,
  };

  it('reads empty settings before anything is saved', async () => {
    const empty = await callAs(t.app, trees.alpha.token, 'GET', '/api/wx/app');
    expect(empty.body.data).toMatchObject({ appId: '', enabled: false, appSecretSet: false, apiV3KeySet: false, updatedAt: null });
  });

  it('lets only administrators save; secrets are never read back', async () => {
    const refused = await callAs(t.app, trees.alpha.token, 'PUT', '/api/wx/app', body);
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    const saved = await callAs(t.app, admin, 'PUT', '/api/wx/app', body);
    expect(saved.status).toBe(200);
    const read = await callAs(t.app, trees.alpha.token, 'GET', '/api/wx/app');
    expect(read.body.data).toMatchObject({
      appId: 'wx1234567890',
      mchId: '1900000001',
      enabled: true,
      appSecretSet: true,
      apiV3KeySet: true,
      privateKeySet: true,
      platformPublicKeySet: true,
    });
    const text = JSON.stringify([saved.body, read.body]);
    for (const secret of [APP_SECRET, API_V3_KEY, 'PRIVATE KEY', 'PUBLIC KEY']) expect(text).not.toContain(secret);
  });

  it("keeps a stored secret when it is sent as '' or left out", async () => {
    const { appSecret: _s, privateKeyPem: _p, ...rest } = body;
    await callAs(t.app, admin, 'PUT', '/api/wx/app', { ...rest, apiV3Key: '', appId: 'wx-renamed' });
    const row = await t.app.storage.db.selectFrom('wx_apps').selectAll().executeTakeFirstOrThrow();
    expect([row.app_id, row.app_secret, row.api_v3_key, row.private_key_pem.includes('PRIVATE KEY')]).toEqual(['wx-renamed', APP_SECRET, API_V3_KEY, true]);
    expect(await t.app.storage.db.selectFrom('wx_apps').select('id').execute()).toHaveLength(1);
  });

  it('refuses a key that does not parse, a short APIv3 key, and enabling with a field missing', async () => {
    const badPem = await callAs(t.app, admin, 'PUT', '/api/wx/app', { ...body, privateKeyPem: 'not a key' });
    expect([badPem.status, badPem.body.message]).toEqual([400, 'privateKeyPem: is not a PEM private key (-----BEGIN PRIVATE KEY-----…)']);
    const shortKey = await callAs(t.app, admin, 'PUT', '/api/wx/app', { ...body, apiV3Key: 'short' });
    expect([shortKey.status, shortKey.body.code]).toEqual([400, ErrorCode.VALIDATION_FAILED]);
    expect(shortKey.body.message).toContain('The APIv3 key is 32 characters');
    const noMch = await callAs(t.app, admin, 'PUT', '/api/wx/app', { ...body, mchId: '' });
    expect([noMch.status, noMch.body.message]).toEqual([400, 'mchId: is needed before WeChat Pay can be enabled (mchId missing)']);
  });
});

describe('/wx/users', () => {
  it("lists only the caller's tree; admin sees all", async () => {
    const a = await callAs(t.app, trees.alpha.token, 'GET', '/api/wx/users');
    expect(a.body.data.list.map((row: { openid: string }) => row.openid)).toEqual(['OPENID-A']);
    const all = await callAs(t.app, admin, 'GET', '/api/wx/users?keyword=OPENID');
    expect(all.body.data.total).toBe(2);
  });

  it('binds only to a member of the same tree, then unbinds', async () => {
    const across = await callAs(t.app, trees.alpha.token, 'POST', `/api/wx/users/${ids.wxA}/bind`, { memberId: ids.memberB });
    expect([across.status, across.body.message]).toEqual([400, `memberId: member ${ids.memberB} does not exist`]);
    const adminAcross = await callAs(t.app, admin, 'POST', `/api/wx/users/${ids.wxA}/bind`, { memberId: ids.memberB });
    expect(adminAcross.status).toBe(400);
    const otherTree = await callAs(t.app, trees.beta.token, 'POST', `/api/wx/users/${ids.wxA}/bind`, { memberId: ids.memberB });
    expect(otherTree.status).toBe(404);
    const bound = await callAs(t.app, trees.alpha.token, 'POST', `/api/wx/users/${ids.wxA}/bind`, { memberId: ids.memberA });
    expect(bound.body.data).toMatchObject({ id: ids.wxA, memberId: ids.memberA, memberName: 'MA name', boundAt: expect.any(Number) });
    const boundOnly = await callAs(t.app, trees.alpha.token, 'GET', '/api/wx/users?bound=true');
    expect(boundOnly.body.data.total).toBe(1);
    const unbound = await callAs(t.app, trees.alpha.token, 'POST', `/api/wx/users/${ids.wxA}/unbind`);
    expect(unbound.body.data).toMatchObject({ memberId: null, memberName: null, boundAt: null });
  });
});
