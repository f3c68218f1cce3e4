import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { EMAIL_MESSAGE, PHONE_MESSAGE } from '@shared/schemas';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUser, insertSubUserRow } from '@tests/support/users';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { clearDemoPushes, startSmtp, type SmtpDouble } from '../../pushes/pushKit.test-util';

let t: TestApp;
let adminToken: string;
let smtp: SmtpDouble;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = adminToken) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json(), text: response.body };
};
const idOf = async (table: 'meters' | 'departments', code: string) =>
  (await t.app.storage.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

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

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai' });
  await clearDemoPushes(t.app.storage.db);
  adminToken = await loginAs(t.app);
  smtp = await startSmtp();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('templates', () => {
  it('rejects unknown placeholders, naming them', async () => {
    const { status, body } = await call('POST', '/api/push-templates', {
      name: 'Typo',
      channel: 'email',
      subject: '{{subjct}} alarm',
      body: '{{message}} {{valeu}} {{ valeu }} {{raisedAt}}',
    });
    expect(status).toBe(400);
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    const known = 'kind, severity, subject, subjectCode, metric, value, limit, message, raisedAt, alarmId, recipient';
    expect(body.message).toBe(`body.subject: unknown placeholder {{subjct}}; use ${known}`);
    expect(body.data.issues.map((i: any) => i.message)).toEqual([
      `unknown placeholder {{subjct}}; use ${known}`,
      `unknown placeholder {{valeu}}; use ${known}`,
    ]);
    expect((await call('POST', '/api/push-templates/preview', { body: 'x {{foo}}' })).body.message).toBe(
      `body.body: unknown placeholder {{foo}}; use ${known}`,
    );
  });

  it('creates, lists by channel, updates, previews and refuses to delete one in use', async () => {
    const mail = (
      await call('POST', '/api/push-templates', {
        name: 'Mail',
        channel: 'email',
        subject: '{{kind}}: {{subject}}',
        body: 'Hello {{recipient}}, {{message}} at {{raisedAt}}',
      })
    ).body.data;
    expect(mail).toMatchObject({ name: 'Mail', channel: 'email', subject: '{{kind}}: {{subject}}' });
    const text = (await call('POST', '/api/push-templates', { name: 'Text', channel: 'sms', body: '{{subject}} {{message}}' })).body.data;
    expect((await call('GET', '/api/push-templates?channel=sms')).body.data.map((x: any) => x.name)).toEqual(['Text']);
    expect((await call('PUT', `/api/push-templates/${text.id}`, { name: 'Text 2', channel: 'sms', body: '{{subject}}!' })).body.data).toMatchObject({
      name: 'Text 2',
      body: '{{subject}}!',
    });
    expect((await call('PUT', '/api/push-templates/9999', { name: 'x', channel: 'sms', body: 'x' })).status).toBe(404);
    const long = await call('POST', '/api/push-templates', { name: 'Long', channel: 'sms', body: 'x'.repeat(501) });
    expect(long.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: 'body.body: an SMS text is at most 500 characters' });
    const longMail = (await call('POST', '/api/push-templates', { name: 'Long mail', channel: 'email', body: 'x'.repeat(501) })).body.data;
    expect((await call('DELETE', '/api/push-templates', { ids: [longMail.id] })).body.data).toEqual({ deleted: 1 });

    const preview = (await call('POST', '/api/push-templates/preview', { subject: mail.subject, body: mail.body })).body.data;
    expect(preview.subject).toBe('device: Compressor hall main');
    expect(preview.body).toMatch(/^Hello Administrator, kw 512\.3 over 500 for 60 s at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const { db } = t.app.storage;
    const alarm = await t.app.alarms.engine.records.raise({
      kind: 'offline',
      severity: 'low',
      subject: await alarmSubject(db, 'meter', await idOf('meters', 'M030')),
      ruleId: 0,
      metric: null,
      value: null,
      limit: null,
      message: 'no data for 30 min',
      at: Date.parse('2026-03-01T00:00:05+08:00'),
    });
    await t.app.pushes.idle();
    const real = (
      await call('POST', '/api/push-templates/preview', { subject: '{{kind}} {{subjectCode}}', body: '{{message}} {{raisedAt}} {{value}}|', alarmId: alarm.id })
    ).body.data;
    expect(real).toEqual({ subject: 'offline M030', body: 'no data for 30 min 2026-03-01 00:00:05 |' });

    const userId = await insertSubUserRow(db, { username: 'tplowner', password: 'Secret!234' });
    await call('POST', '/api/push-tasks', { name: 'Night shift', channel: 'email', kinds: ['device'], templateId: mail.id, recipientIds: [userId] });
    await call('PUT', '/api/push-template-defaults', { defaults: [{ kind: 'error', channel: 'sms', templateId: text.id }] });
    const refused = await call('DELETE', '/api/push-templates', { ids: [mail.id, text.id] });
    expect(refused.body).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: 'body.ids: cannot delete: template "Mail" is used by push task "Night shift"; template "Text 2" is the default for error alarms on sms',
    });
    expect((await call('GET', '/api/push-templates')).body.data).toHaveLength(2);
    const spare = (await call('POST', '/api/push-templates', { name: 'Spare', channel: 'wechat', body: '{{message}}' })).body.data;
    expect((await call('DELETE', '/api/push-templates', { ids: [spare.id] })).body.data).toEqual({ deleted: 1 });
  });

  it('keeps template settings per kind and channel, checking the channel', async () => {
    const defaults = (await call('GET', '/api/push-template-defaults')).body.data.defaults;
    expect(defaults).toHaveLength(15);
    const mail = (await call('GET', '/api/push-templates?channel=email')).body.data[0];
    const wrong = await call('PUT', '/api/push-template-defaults', { defaults: [{ kind: 'trouble', channel: 'sms', templateId: mail.id }] });
    expect(wrong.body.message).toBe(`body.defaults.0.templateId: template ${mail.id} is a email template, not sms`);
    const saved = (await call('PUT', '/api/push-template-defaults', { defaults: [{ kind: 'trouble', channel: 'email', templateId: mail.id }] })).body.data
      .defaults;
    expect(saved.find((d: any) => d.kind === 'trouble' && d.channel === 'email').templateId).toBe(mail.id);

    // A task without a template uses the kind's default: the skipped record shows the text it would have sent.
    const { db } = t.app.storage;
    const userId = await insertSubUserRow(db, { username: 'nomail99', password: 'Secret!234' });
    await call('POST', '/api/push-tasks', { name: 'Gateways', channel: 'email', kinds: ['trouble'], recipientIds: [userId] });
    const gateway = (await db.selectFrom('gateways').select('id').executeTakeFirstOrThrow()).id;
    const alarm = await t.app.alarms.engine.records.raise({
      kind: 'trouble',
      severity: 'critical',
      subject: await alarmSubject(db, 'gateway', gateway),
      ruleId: 0,
      metric: null,
      value: null,
      limit: null,
      message: 'gateway silent',
      at: Date.now(),
    });
    await t.app.pushes.idle();
    const [record] = (await call('GET', `/api/push-records?alarmId=${alarm.id}`)).body.data.rows;
    expect(record).toMatchObject({ subject: 'trouble: Demo gateway', state: 'skipped', lastError: 'no push e-mail', taskName: 'Gateways' });
  });
});

describe('push tasks', () => {
  it('validates recipients, template channel and department', async () => {
    const sms = (await call('GET', '/api/push-templates?channel=sms')).body.data[0];
    const base = { name: 'Check', channel: 'email', kinds: ['device'], recipientIds: [1] };
    expect((await call('POST', '/api/push-tasks', { ...base, recipientIds: [1, 9998, 9999] })).body.message).toBe(
      'body.recipientIds: no user with id 9998, 9999',
    );
    expect((await call('POST', '/api/push-tasks', { ...base, templateId: sms.id })).body.message).toBe(
      `body.templateId: "Text 2" is a sms template, the task pushes on email`,
    );
    expect((await call('POST', '/api/push-tasks', { ...base, departmentId: 9999 })).body.message).toBe('body.departmentId: 9999 does not exist');
    expect((await call('POST', '/api/push-tasks', { ...base, kinds: [] })).body.message).toBe('body.kinds: choose at least one alarm kind');
  });

  it('creates, lists with names, updates and deletes', async () => {
    const sms = (await call('GET', '/api/push-templates?channel=sms')).body.data[0];
    const created = (
      await call('POST', '/api/push-tasks', {
        name: 'Hall A SMS',
        channel: 'sms',
        kinds: ['device', 'offline'],
        minSeverity: 'high',
        departmentId: await idOf('departments', 'HALL-A'),
        templateId: sms.id,
        recipientIds: [1],
      })
    ).body.data;
    expect(created).toMatchObject({
      name: 'Hall A SMS',
      enabled: true,
      kinds: ['device', 'offline'],
      minSeverity: 'high',
      recipientIds: [1],
      recipientNames: ['Administrator'],
      templateName: 'Text 2',
      departmentName: 'Production Hall A',
      onRepeat: false,
    });
    const updated = (
      await call('PUT', `/api/push-tasks/${created.id}`, {
        name: 'Hall A SMS',
        channel: 'sms',
        kinds: ['error'],
        enabled: false,
        recipientIds: [1],
        onRepeat: true,
      })
    ).body.data;
    expect(updated).toMatchObject({
      enabled: false,
      kinds: ['error'],
      templateId: null,
      templateName: null,
      departmentId: null,
      departmentName: null,
      onRepeat: true,
    });
    expect((await call('GET', '/api/push-tasks')).body.data.map((x: any) => x.name)).toContain('Hall A SMS');
    expect((await call('DELETE', '/api/push-tasks', { ids: [created.id] })).body.data).toEqual({ deleted: 1 });
    expect((await call('GET', `/api/push-tasks/${created.id}`)).status).toBe(404);
  });
});

describe('channel settings', () => {
  it('never returns a secret and keeps it when saved empty', async () => {
    const email = { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'robot', password: 'top-secret', from: 'energy@example.test' };
    expect((await call('PUT', '/api/push-channels/email', email)).body.data).toEqual({
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'robot',
      from: 'energy@example.test',
      hasSecret: true,
    });
    await call('PUT', '/api/push-channels/sms', { enabled: false, url: 'https://sms.example.test/send', apiKey: 'api-secret' });
    await call('PUT', '/api/push-channels/email', { ...email, password: '' });
    const read = await call('GET', '/api/push-channels');
    expect(read.text).not.toContain('top-secret');
    expect(read.text).not.toContain('api-secret');
    expect(read.body.data).toMatchObject({
      email: { hasSecret: true, username: 'robot' },
      sms: { hasSecret: true, adapter: 'generic-http', sign: '' },
      wechat: null,
    });
    expect((await t.app.pushes.settings.config('email'))!.password).toBe('top-secret');
    expect((await call('PUT', '/api/push-channels/sms', { enabled: true, url: 'ftp://x' })).body.message).toBe('body.url: must be an http(s) URL');
  });

  it('masks the WeChat robot key in the webhook URL and keeps it when the masked URL is saved back', async () => {
    const webhookUrl = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=robot-key-123';
    await call('PUT', '/api/push-channels/wechat', { enabled: false, webhookUrl });
    const read = await call('GET', '/api/push-channels');
    expect(read.text).not.toContain('robot-key-123');
    expect(read.body.data.wechat).toEqual({
      enabled: false,
      adapter: 'wecom-robot',
      webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=***',
      hasSecret: true,
    });
    await call('PUT', '/api/push-channels/wechat', { enabled: true, webhookUrl: read.body.data.wechat.webhookUrl });
    expect(await t.app.pushes.settings.config('wechat')).toMatchObject({ enabled: true, webhookUrl });
    await call('PUT', '/api/push-channels/wechat', { enabled: false, webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=other' });
    expect((await t.app.pushes.settings.config('wechat'))!.webhookUrl).toBe('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=other');
    await t.app.storage.db.deleteFrom('push_channel_settings').where('channel', '=', 'wechat').execute();
  });

  it('sends a test message and records the call', async () => {
    await call('PUT', '/api/push-channels/email', { enabled: false, host: '127.0.0.1', port: smtp.port, from: 'energy@example.test' });
    expect((await call('POST', '/api/push-channels/email/test', { address: 'not-an-address' })).body.message).toBe(`body.address: ${EMAIL_MESSAGE}`);
    expect((await call('POST', '/api/push-channels/sms/test', { address: '12345' })).body.message).toBe(`body.address: ${PHONE_MESSAGE}`);
    expect((await call('POST', '/api/push-channels/wechat/test', { address: '13800138000' })).body.message).toBe(
      'WeChat channel is not configured: save its settings first',
    );
    const result = (await call('POST', '/api/push-channels/email/test', { address: 'ops@example.test' })).body.data;
    expect(result).toMatchObject({ ok: true, status: 250 });
    expect(smtp.mails.at(-1)).toMatchObject({
      to: ['ops@example.test'],
      subject: 'Energy Console test message',
      text: 'Test message from Energy Console: the e-mail channel works.',
    });
    const [recorded] = (await call('GET', '/api/provider-calls?channel=email&ok=true')).body.data.rows;
    expect(recorded).toMatchObject({ recordId: null, endpoint: `127.0.0.1:${smtp.port}`, ok: true, status: 250 });
  });

  it('reports a provider that does not answer', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await call('PUT', '/api/push-channels/sms', { enabled: true, url: `http://127.0.0.1:${port}/send`, apiKey: '' });
    const result = (await call('POST', '/api/push-channels/sms/test', { address: '13800138000' })).body.data;
    expect(result).toMatchObject({ ok: false, status: null, detail: `fetch failed: connect ECONNREFUSED 127.0.0.1:${port}` });
  });
});

describe('push contacts', () => {
  it('validates and stores e-mails, phones and the SMS allowance', async () => {
    const userId = await insertSubUserRow(t.app.storage.db, { username: 'contact1', password: 'Secret!234' });
    expect((await call('PUT', `/api/push-contacts/${userId}`, { pushPhones: ['23800138000'] })).body.message).toBe(`body.pushPhones.0: ${PHONE_MESSAGE}`);
    expect((await call('PUT', `/api/push-contacts/${userId}`, { pushEmails: ['nope'] })).body.message).toBe(`body.pushEmails.0: ${EMAIL_MESSAGE}`);
    const saved = (await call('PUT', `/api/push-contacts/${userId}`, { pushEmails: ['c1@example.test'], pushPhones: ['13800138001'], smsCount: 20 })).body.data;
    expect(saved).toEqual({
      userId,
      username: 'contact1',
      trueName: 'contact1 name',
      pushEmails: ['c1@example.test'],
      pushPhones: ['13800138001'],
      smsCount: 20,
      smsUsedThisMonth: 0,
    });
    expect((await call('PUT', '/api/push-contacts/9999', {})).status).toBe(404);
  });

  it('shows a non-admin only the users of its own tree', async () => {
    const token = await userWithScreens('teamlead', ['/message/personInfo', '/message/personInfo/edit']);
    const { db } = t.app.storage;
    const leadId = (await db.selectFrom('users').select('id').where('username', '=', 'teamlead').executeTakeFirstOrThrow()).id;
    const memberId = await insertSubUserRow(db, { username: 'member01', password: 'Secret!234', fatherId: leadId });
    const listed = (await call('GET', '/api/push-contacts', undefined, token)).body.data;
    expect(listed.map((c: any) => c.username)).toEqual(['teamlead', 'member01']);
    expect((await call('PUT', `/api/push-contacts/${memberId}`, { smsCount: 3 }, token)).body.data.smsCount).toBe(3);
    expect((await call('PUT', '/api/push-contacts/1', { smsCount: 3 }, token)).status).toBe(404);
  });
});

describe('who may', () => {
  it('refuses users without the screens (403)', async () => {
    await insertSubUser(t.app, { username: 'operator9', password: 'Secret!234' });
    const operator = await loginAs(t.app, 'operator9', 'Secret!234');
    for (const [method, url, payload] of [
      ['GET', '/api/push-templates'],
      ['GET', '/api/push-tasks'],
      ['GET', '/api/push-records'],
      ['GET', '/api/provider-calls'],
      ['GET', '/api/push-channels'],
      ['GET', '/api/push-contacts'],
      ['PUT', '/api/push-channels/email', { enabled: true, host: 'h', port: 25, from: 'a@example.test' }],
      ['POST', '/api/push-records/resend', { ids: [1] }],
    ] as const) {
      const response = await call(method, url, payload, operator);
      expect([url, response.status, response.body.code]).toEqual([url, 403, ErrorCode.FORBIDDEN]);
    }
  });

  it('lets a screen read and its buttons write', async () => {
    const reader = await userWithScreens('tplreader', ['/msg/template']);
    expect((await call('GET', '/api/push-templates', undefined, reader)).body.code).toBe(0);
    expect((await call('POST', '/api/push-templates', { name: 'N', channel: 'sms', body: 'x' }, reader)).status).toBe(403);
    expect((await call('GET', '/api/push-channels', undefined, reader)).status).toBe(403);
    const writer = await userWithScreens('tplwriter', ['/msg/template', '/msg/template/add']);
    expect((await call('POST', '/api/push-templates', { name: 'N', channel: 'sms', body: 'x' }, writer)).body.code).toBe(0);
    expect((await call('DELETE', '/api/push-templates', { ids: [1] }, writer)).status).toBe(403);

    const smsEditor = await userWithScreens('smseditor', ['/msg/pushsms', '/msg/pushsms/edit']);
    expect((await call('GET', '/api/push-channels', undefined, smsEditor)).body.data.email.hasSecret).toBe(true);
    expect((await call('POST', '/api/push-channels/email/test', { address: 'a@example.test' }, smsEditor)).status).toBe(403);
    expect((await call('PUT', '/api/push-channels/email', { enabled: true, host: 'h', port: 25, from: 'a@example.test' }, smsEditor)).status).toBe(403);
  });
});
