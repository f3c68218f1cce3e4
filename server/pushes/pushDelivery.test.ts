import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmKind, AlarmSeverity } from '@shared/schemas';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { insertSubUserRow } from '@tests/support/users';
import { alarmSubject } from '../alarms/alarmSubjects';
import { clearDemoPushes, startHttpProvider, startSmtp, type HttpDouble, type SmtpDouble } from './pushKit.test-util';

/** Alarm → dispatcher → push record → worker → adapter → a real local provider, on both engines. */
const TZ = 'Asia/Shanghai';
const RAISED_AT = Date.parse('2026-11-22T09:15:00+08:00');

let t: TestApp;
let token: string;
let smtp: SmtpDouble;
let sms: HttpDouble;
let robot: HttpDouble;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() };
};
const idOf = async (table: 'meters' | 'departments', code: string) =>
  (await t.app.storage.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

/** A sub-user with push contacts set through the API. */
const recipient = async (username: string, contacts: { pushEmails?: string[]; pushPhones?: string[]; smsCount?: number }) => {
  const id = await insertSubUserRow(t.app.storage.db, { username, password: 'Secret!234' });
  expect((await call('PUT', `/api/push-contacts/${id}`, contacts)).body.code).toBe(0);
  return id;
};
const task = async (fields: Record<string, unknown>) => {
  const { body } = await call('POST', '/api/push-tasks', { name: 'task', kinds: ['device'], ...fields });
  expect(body.code, body.message).toBe(0);
  return body.data.id as number;
};
/** Raises an alarm on a meter and waits until its pushes are dispatched and attempted. */
const raise = async (meterCode: string, kind: AlarmKind = 'device', severity: AlarmSeverity = 'high') => {
  const { db } = t.app.storage;
  const alarm = await t.app.alarms.engine.records.raise({
    kind,
    severity,
    subject: await alarmSubject(db, 'meter', await idOf('meters', meterCode)),
    ruleId: 0,
    metric: 'kw',
    value: 512.3,
    limit: 500,
    message: 'kw 512.3 over 500 for 60 s',
    at: RAISED_AT,
  });
  await t.app.pushes.idle();
  return alarm;
};
const recordsOf = async (alarmId: number) => (await call('GET', `/api/push-records?alarmId=${alarmId}&size=50`)).body.data.rows.reverse();

beforeAll(async () => {
  t = await createTestApp({ timeZone: TZ });
  await clearDemoPushes(t.app.storage.db);
  token = await loginAs(t.app);
  smtp = await startSmtp({ username: 'alarms', password: 'mail-secret' });
  sms = await startHttpProvider(() => ({ status: 200, json: { code: 0, msg: 'queued' } }));
  robot = await startHttpProvider(() => ({ status: 200, json: { errcode: 0, errmsg: 'ok' } }));
});
afterAll(async () => {
  await t.close();
  await Promise.all([smtp.close(), sms.close(), robot.close()]);
});

describe('a channel that is not ready', () => {
  it('fails the push at once, without retries or provider calls', async () => {
    const userId = await recipient('boiler01', { pushEmails: ['boiler01@example.test'] });
    await task({ channel: 'email', departmentId: await idOf('departments', 'BOILER'), recipientIds: [userId] });
    const [notConfigured] = await recordsOf((await raise('M035')).id);
    expect(notConfigured).toMatchObject({ state: 'failed', attempts: 1, lastError: 'e-mail channel is not configured', nextAttemptAt: null, sentAt: null });

    const settings = { enabled: false, host: '127.0.0.1', port: smtp.port, username: 'alarms', password: 'mail-secret', from: 'energy@example.test' };
    expect((await call('PUT', '/api/push-channels/email', settings)).body.code).toBe(0);
    const [disabled] = await recordsOf((await raise('M036')).id);
    expect(disabled).toMatchObject({ state: 'failed', attempts: 1, lastError: 'e-mail channel is disabled' });
    expect((await call('GET', '/api/provider-calls')).body.data.total).toBe(0);
    expect(smtp.mails).toHaveLength(0);
  });
});

describe('e-mail over SMTP', () => {
  it('sends the filled template as plain text to every push e-mail, logging in', async () => {
    const settings = { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'alarms', from: 'energy@example.test' };
    // No password in the body: the stored one is kept.
    expect((await call('PUT', '/api/push-channels/email', settings)).body.code).toBe(0);
    const template = await call('POST', '/api/push-templates', {
      name: 'Line alarm mail',
      channel: 'email',
      subject: '[{{severity}}] {{kind}} on {{subject}}',
      body: 'Dear {{recipient}},\n{{message}} at {{raisedAt}}.\n{{subjectCode}} {{metric}}={{value}} limit {{limit}}, alarm #{{alarmId}}\n<b>not html</b>',
    });
    const userId = await recipient('linelead', { pushEmails: ['lead@example.test', 'lead.home@example.test'] });
    // Scoped to Hall A: Line 1 (M011) lies below it, the office (M040) does not.
    await task({ channel: 'email', departmentId: await idOf('departments', 'HALL-A'), templateId: template.body.data.id, recipientIds: [userId] });

    const alarm = await raise('M011');
    expect(smtp.mails).toHaveLength(2);
    // Both go out at once: order them by address.
    const [second, first] = [...smtp.mails].sort((x, y) => x.to[0]!.localeCompare(y.to[0]!));
    expect(first!.to).toEqual(['lead@example.test']);
    expect(second!.to).toEqual(['lead.home@example.test']);
    expect(second!.text).toBe(first!.text);
    expect(first!.from).toBe('energy@example.test');
    expect(first!.subject).toBe('[high] device on Line 1 press');
    expect(first!.contentType).toMatch(/^text\/plain/);
    expect(first!.text).toBe(
      `Dear linelead name,\nkw 512.3 over 500 for 60 s at 2026-11-22 09:15:00.\nM011 kw=512.3 limit 500, alarm #${alarm.id}\n<b>not html</b>`,
    );
    expect(smtp.logins[0]).toEqual({ username: 'alarms', password: 'mail-secret' });

    const records = await recordsOf(alarm.id);
    expect(records.map((r: any) => [r.address, r.state, r.attempts, r.recipientName, r.taskName])).toEqual([
      ['lead@example.test', 'sent', 1, 'linelead name', 'task'],
      ['lead.home@example.test', 'sent', 1, 'linelead name', 'task'],
    ]);
    expect(records[0].subject).toBe('[high] device on Line 1 press');
    const calls = (await call('GET', `/api/provider-calls?recordId=${records[0].id}`)).body.data.rows;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ channel: 'email', endpoint: `127.0.0.1:${smtp.port}`, ok: true, status: 250 });

    const outside = await raise('M040');
    expect(await recordsOf(outside.id)).toEqual([]);
  });

  it('skips a recipient without a push e-mail, saying so', async () => {
    const userId = await recipient('nomail01', {});
    await task({ channel: 'email', departmentId: await idOf('departments', 'HVAC'), recipientIds: [userId] });
    const [record] = await recordsOf((await raise('M030')).id);
    expect(record).toMatchObject({ state: 'skipped', lastError: 'no push e-mail', address: '', attempts: 0, recipientName: 'nomail01 name' });
    // The built-in text is used when neither the task nor the template settings name one.
    expect(record.subject).toBe('[high] device alarm: Chiller 1');
  });
});

describe('SMS through the generic HTTP adapter', () => {
  beforeAll(async () => {
    const settings = { enabled: true, url: `${sms.url}/sms/send`, account: 'plant-7', apiKey: 'sms-key-123', sign: '【Energy】' };
    expect((await call('PUT', '/api/push-channels/sms', settings)).body.code).toBe(0);
  });

  it('posts phones and the signed text with the bearer key', async () => {
    const template = await call('POST', '/api/push-templates', { name: 'SMS short', channel: 'sms', body: '{{subject}}: {{message}} {{raisedAt}}' });
    const userId = await recipient('smsuser1', { pushPhones: ['13800138000'], smsCount: 10 });
    await task({ channel: 'sms', departmentId: await idOf('departments', 'FLOOR-2'), templateId: template.body.data.id, recipientIds: [userId] });
    const alarm = await raise('M043');
    expect(sms.requests).toHaveLength(1);
    const [request] = sms.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/sms/send');
    expect(request!.headers.authorization).toBe('Bearer sms-key-123');
    expect(request!.body).toEqual({
      account: 'plant-7',
      sign: '【Energy】',
      phones: ['13800138000'],
      content: '【Energy】Floor 2 lighting: kw 512.3 over 500 for 60 s 2026-11-22 09:15:00',
    });
    const [record] = await recordsOf(alarm.id);
    expect(record).toMatchObject({ state: 'sent', address: '13800138000', attempts: 1, lastError: null });
    const contacts = (await call('GET', '/api/push-contacts')).body.data.find((c: any) => c.userId === userId);
    expect(contacts).toMatchObject({ pushPhones: ['13800138000'], smsCount: 10, smsUsedThisMonth: 1 });
  });

  it('stops at the monthly allowance', async () => {
    const userId = await recipient('smsuser2', { pushPhones: ['13900000001', '13900000002'], smsCount: 1 });
    await task({ channel: 'sms', departmentId: await idOf('departments', 'WAREHOUSE'), recipientIds: [userId] });
    const first = await recordsOf((await raise('M023')).id);
    expect(first.map((r: any) => [r.address, r.state, r.lastError])).toEqual([
      ['13900000001', 'sent', null],
      ['13900000002', 'skipped', 'monthly SMS allowance used up (1)'],
    ]);
    const second = await recordsOf((await raise('M024')).id);
    expect(second.map((r: any) => r.state)).toEqual(['skipped', 'skipped']);
    const resend = await call('POST', '/api/push-records/resend', { ids: [second[0].id] });
    expect(resend.body.data).toEqual({ changed: [], skipped: [{ id: second[0].id, reason: 'monthly SMS allowance used up (1)' }] });
  });

  it('skips a recipient without a push phone', async () => {
    const userId = await recipient('nophone1', { pushEmails: ['x@example.test'], smsCount: 5 });
    await task({ channel: 'sms', departmentId: await idOf('departments', 'AIR'), recipientIds: [userId] });
    const [record] = await recordsOf((await raise('M033')).id);
    expect(record).toMatchObject({ state: 'skipped', lastError: 'no push phone', address: '' });
  });
});

describe('WeChat through the WeCom group robot', () => {
  it('posts one text message mentioning the recipients’ phones', async () => {
    expect((await call('PUT', '/api/push-channels/wechat', { enabled: true, webhookUrl: `${robot.url}/cgi-bin/webhook/send?key=robot-key` })).body.code).toBe(
      0,
    );
    const a = await recipient('wxuser01', { pushPhones: ['13700000001'] });
    const b = await recipient('wxuser02', { pushPhones: ['13700000002', '13700000003'] });
    const c = await recipient('wxuser03', {});
    await task({ channel: 'wechat', kinds: ['offline'], departmentId: await idOf('departments', 'LINE-3'), recipientIds: [a, b, c] });
    const alarm = await raise('M021', 'offline');
    expect(robot.requests).toHaveLength(1);
    expect(robot.requests[0]!.url).toBe('/cgi-bin/webhook/send?key=robot-key');
    expect(robot.requests[0]!.body).toEqual({
      msgtype: 'text',
      text: {
        content: `[high] offline alarm on Line 3 welding: kw 512.3 over 500 for 60 s (2026-11-22 09:15:00, alarm #${alarm.id})`,
        mentioned_mobile_list: ['13700000001', '13700000002', '13700000003'],
      },
    });
    const records = await recordsOf(alarm.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      state: 'sent',
      address: '13700000001,13700000002,13700000003',
      recipientName: 'wxuser01 name, wxuser02 name',
      recipientId: null,
    });
    const calls = (await call('GET', `/api/provider-calls?channel=wechat`)).body.data.rows;
    // The webhook key is a credential: the recorded endpoint leaves it out.
    expect(calls[0]).toMatchObject({ endpoint: `${robot.url}/cgi-bin/webhook/send`, ok: true, status: 200, detail: '{"errcode":0,"errmsg":"ok"}' });
  });
});

describe('repeats', () => {
  it('pushes a repeat only to tasks that ask for it, once per repeat', async () => {
    const userId = await recipient('repeat01', { pushEmails: ['repeat01@example.test'] });
    const department = await idOf('departments', 'FLOOR-1');
    await task({ channel: 'email', departmentId: department, recipientIds: [userId], onRepeat: true, name: 'with repeats' });
    await task({ channel: 'email', departmentId: department, recipientIds: [userId], name: 'first only' });
    const alarm = await raise('M041');
    expect((await recordsOf(alarm.id)).map((r: any) => r.taskName)).toEqual(['with repeats', 'first only']);
    const repeated = await raise('M041');
    expect(repeated).toMatchObject({ id: alarm.id, repeatCount: 1 });
    // Acknowledging announces a change with the same repeat count: no new push.
    await call('POST', '/api/alarm-records/acknowledge', { ids: [alarm.id] });
    await t.app.pushes.idle();
    expect((await recordsOf(alarm.id)).map((r: any) => r.taskName)).toEqual(['with repeats', 'first only', 'with repeats']);
  });
});

describe('matching', () => {
  it('ignores disabled tasks and alarms below a task’s minimum severity', async () => {
    const userId = await recipient('severity1', {});
    const department = await idOf('departments', 'DATA-ROOM');
    await task({ name: 'critical only', channel: 'email', minSeverity: 'critical', departmentId: department, recipientIds: [userId] });
    await task({ name: 'switched off', channel: 'email', enabled: false, departmentId: department, recipientIds: [userId] });
    expect(await recordsOf((await raise('M045', 'device', 'high')).id)).toEqual([]);
    const critical = await recordsOf((await raise('M046', 'device', 'critical')).id);
    expect(critical.map((r: any) => [r.taskName, r.state])).toEqual([['critical only', 'skipped']]);
  });
});
