import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, twoTrees, type TwoTrees } from '@tests/support/trees';
import { alarmSubject } from '../../alarms/alarmSubjects';
import { treeObjects, type TreeObjects } from '../../energy/treeObjects.test-util';

const buttons = (menu: string, names: string[]) => [menu, ...names.map((name) => `${menu}/${name}`)];
const MENUS = [
  ...buttons('/msg/task', ['add', 'edit', 'delete']),
  ...buttons('/msg/template', ['add', 'edit', 'delete']),
  ...buttons('/message/template-settings', ['edit']),
  ...buttons('/message/push-records', ['edit']),
  ...buttons('/message/personInfo', ['edit']),
  ...buttons('/msg/verify', ['edit']),
  '/msg/webServiceRecord',
];
const template = (name: string) => ({ name, channel: 'email', subject: '{{kind}}', body: 'Alarm on {{subject}}' });
const task = (name: string, recipientIds: number[], fields: Record<string, unknown> = {}) => ({
  name,
  channel: 'email',
  kinds: ['device'],
  recipientIds,
  ...fields,
});

describe('push tasks, templates, records and contacts belong to a user tree', () => {
  let t: TestApp;
  let trees: TwoTrees;
  let adminToken: string;
  let a: TreeObjects;
  let b: TreeObjects;
  const ids = { aTemplate: 0, aTask: 0, bTask: 0, aRecord: 0, aAlarm: 0 };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    adminToken = await loginAs(t.app);
    trees = await twoTrees(t.app, MENUS);
    a = await treeObjects(t.app, trees.alpha.id, 'ALPHA');
    b = await treeObjects(t.app, trees.beta.id, 'BETA');
    const { db } = t.app.storage;
    await db
      .updateTable('users')
      .set({ push_emails: JSON.stringify(['alpha@example.test']) })
      .where('id', '=', trees.alpha.id)
      .execute();
    await db
      .updateTable('users')
      .set({ push_emails: JSON.stringify(['beta@example.test']) })
      .where('id', '=', trees.beta.id)
      .execute();
    const alpha = (method: 'POST', url: string, body: unknown) => callAs(t.app, trees.alpha.token, method, url, body);
    ids.aTemplate = (await alpha('POST', '/api/push-templates', template('Alpha mail'))).body.data.id;
    ids.aTask = (
      await alpha('POST', '/api/push-tasks', task('Alpha task', [trees.alpha.id, trees.alphaSub.id], { templateId: ids.aTemplate, departmentId: a.department }))
    ).body.data.id;
    // Tree B's task has no department filter: it must still push tree B's alarms only.
    ids.bTask = (await callAs(t.app, trees.beta.token, 'POST', '/api/push-tasks', task('Beta task', [trees.beta.id]))).body.data.id;
    const subject = await alarmSubject(db, 'meter', a.meter);
    const alarm = await t.app.alarms.engine.records.raise({
      kind: 'device',
      severity: 'high',
      subject,
      ruleId: 0,
      metric: null,
      value: null,
      limit: null,
      message: 'Alpha alarm',
      at: Date.now(),
    });
    ids.aAlarm = alarm.id;
    await t.app.pushes.dispatcher.idle();
    const record = await db.selectFrom('push_records').select('id').where('task_id', '=', ids.aTask).executeTakeFirst();
    ids.aRecord = record?.id ?? 0;
    // Migrations, argon2 logins and the fixtures take a while on PostgreSQL.
  }, 60_000);
  afterAll(async () => t.close());

  const beta = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(t.app, trees.beta.token, method, url, body);
  const asAdmin = (url: string) => callAs(t.app, adminToken, 'GET', url);

  it("a task without a department filter pushes only its own tree's alarms", async () => {
    const { db } = t.app.storage;
    const pushed = await db.selectFrom('push_records').select(['task_id', 'address']).where('alarm_id', '=', ids.aAlarm).orderBy('id').execute();
    expect(pushed).toEqual([
      { task_id: ids.aTask, address: 'alpha@example.test' },
      { task_id: ids.aTask, address: '' },
    ]);
    expect(ids.aRecord).toBeGreaterThan(0);
  });

  it("lists of tree B show none of tree A's tasks, templates, records, contacts or provider calls", async () => {
    expect((await beta('GET', '/api/push-tasks')).body.data.map((x: { name: string }) => x.name)).toEqual(['Beta task']);
    expect(JSON.stringify((await beta('GET', '/api/push-templates')).body.data)).not.toContain('Alpha');
    expect((await beta('GET', '/api/push-records')).body.data).toEqual({ total: 0, rows: [] });
    expect((await beta('GET', `/api/provider-calls?recordId=${ids.aRecord}`)).body.data.total).toBe(0);
    const contacts = (await beta('GET', '/api/push-contacts')).body.data.map((c: { userId: number }) => c.userId);
    expect(contacts).toEqual([trees.beta.id]);
    const sub = await callAs(t.app, trees.alphaSub.token, 'GET', '/api/push-tasks');
    expect(sub.body.data.map((x: { name: string }) => x.name)).toEqual(['Alpha task']);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', '/api/push-records')).body.data.total).toBe(2);
    expect((await callAs(t.app, trees.alphaSub.token, 'GET', '/api/push-contacts')).body.data.map((c: { userId: number }) => c.userId)).toEqual([
      trees.alpha.id,
      trees.alphaSub.id,
    ]);
  });

  it("reads, edits and deletes of tree A's tasks and templates answer 'not found' and change nothing", async () => {
    for (const [method, url, body, message] of [
      ['GET', `/api/push-tasks/${ids.aTask}`, undefined, `Push task ${ids.aTask} was not found`],
      ['PUT', `/api/push-tasks/${ids.aTask}`, task('Taken over', [trees.beta.id], { enabled: false }), `Push task ${ids.aTask} was not found`],
      ['PUT', `/api/push-templates/${ids.aTemplate}`, template('Taken over'), `Push template ${ids.aTemplate} was not found`],
    ] as const) {
      const answer = await beta(method, url, body);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.message).toBe(message);
    }
    expect((await beta('DELETE', '/api/push-tasks', { ids: [ids.aTask] })).body.data).toEqual({ deleted: 0 });
    expect((await beta('DELETE', '/api/push-templates', { ids: [ids.aTemplate] })).body.data).toEqual({ deleted: 0 });
    expect((await asAdmin(`/api/push-tasks/${ids.aTask}`)).body.data).toMatchObject({
      name: 'Alpha task',
      enabled: true,
      recipientIds: [trees.alpha.id, trees.alphaSub.id],
    });
    expect((await asAdmin('/api/push-templates')).body.data.map((x: { name: string }) => x.name)).toContain('Alpha mail');
  });

  it("refuses tasks naming tree A's users, template or department", async () => {
    const refused = async (body: unknown, field: string, message: string) => {
      const answer = await beta('POST', '/api/push-tasks', body);
      expect(answer.status).toBe(400);
      expect(answer.body.data.issues).toEqual([{ field, rule: 'exists', message }]);
    };
    await refused(task('Spy', [trees.beta.id, trees.alpha.id]), 'body.recipientIds', `no user with id ${trees.alpha.id}`);
    await refused(task('Spy', [trees.beta.id], { templateId: ids.aTemplate }), 'body.templateId', `${ids.aTemplate} does not exist`);
    await refused(task('Spy', [trees.beta.id], { departmentId: a.department }), 'body.departmentId', `${a.department} does not exist`);
    expect((await beta('PUT', `/api/push-tasks/${ids.bTask}`, task('Beta task', [trees.alpha.id]))).status).toBe(400);
    expect((await asAdmin('/api/push-tasks')).body.data).toHaveLength(2);
    expect(b.department).toBeGreaterThan(0);
  });

  it("resends, previews and contact edits of tree A's records, alarms and users are refused", async () => {
    expect((await beta('POST', '/api/push-records/resend', { ids: [ids.aRecord] })).body.data).toEqual({
      changed: [],
      skipped: [{ id: ids.aRecord, reason: 'no such push record' }],
    });
    const preview = await beta('POST', '/api/push-templates/preview', { subject: 's', body: 'b', alarmId: ids.aAlarm });
    expect(preview.status).toBe(404);
    const contact = await beta('PUT', `/api/push-contacts/${trees.alpha.id}`, { pushEmails: ['spy@example.test'] });
    expect(contact.status).toBe(404);
    expect(contact.body.message).toBe('No such user');
    const alpha = await t.app.storage.db.selectFrom('users').select('push_emails').where('id', '=', trees.alpha.id).executeTakeFirstOrThrow();
    expect(JSON.parse(alpha.push_emails)).toEqual(['alpha@example.test']);
    const own = await callAs(t.app, trees.alphaSub.token, 'PUT', `/api/push-contacts/${trees.alpha.id}`, {
      pushEmails: ['alpha@example.test', 'ops@example.test'],
    });
    expect(own.status).toBe(200);
  });

  it('channel settings and template defaults are shared: only administrators change them', async () => {
    const email = await beta('PUT', '/api/push-channels/email', { enabled: true, host: 'smtp.example.test', port: 25 });
    expect(email.status).toBe(403);
    const defaults = await beta('PUT', '/api/push-template-defaults', { defaults: [] });
    expect(defaults.status).toBe(403);
    expect((await beta('GET', '/api/push-template-defaults')).status).toBe(200);
  });
});
