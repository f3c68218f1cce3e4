import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { startSmtp, type SmtpDouble } from '@server/pushes/pushKit.test-util';
import { createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';

let t: TestApp;
let admin: string;
let smtp: SmtpDouble;
let alpha: TreeUser;
let alphaReader: TreeUser;
let beta: TreeUser;

const message = (subject: string) => ({
  name: 'Li Wei',
  email: 'li.wei@alpha.test',
  subject,
  message: 'The Hall A meter shows no data since 08:00.\n<b>plain</b>',
});

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await loginAs(t.app);
  smtp = await startSmtp();
  alpha = await treeUser(t.app, 'alpha_top', ['/inquiry/contactUs', '/inquiry/contactUs/edit']);
  alphaReader = await treeUser(t.app, 'alpha_reader', ['/inquiry/contactUs'], alpha.id);
  beta = await treeUser(t.app, 'beta_top', ['/inquiry/contactUs', '/inquiry/contactUs/edit']);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /api/contact-messages', () => {
  it('refuses an incomplete message, naming the field', async () => {
    const answer = await callAs(t.app, alphaReader.token, 'POST', '/api/contact-messages', { ...message('Help'), email: 'li.wei' });
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([
      400,
      ErrorCode.VALIDATION_FAILED,
      'body.email: Please enter a valid e-mail address',
    ]);
    expect((await callAs(t.app, alphaReader.token, 'POST', '/api/contact-messages', { ...message(''), subject: ' ' })).body.message).toBe(
      'body.subject: Please fill in this field',
    );
  });

  it('is kept with no push while no channel is ready', async () => {
    const sent = await callAs(t.app, alphaReader.token, 'POST', '/api/contact-messages', message('Before the mail server'));
    expect(sent.body.data).toMatchObject({ pushes: 0, message: { subject: 'Before the mail server', handled: false } });
  });

  it('reaches the administrators by e-mail through the push channel, one push per address', async () => {
    await callAs(t.app, admin, 'PUT', '/api/push-channels/email', { enabled: true, host: '127.0.0.1', port: smtp.port, from: 'energy@example.test' });
    await callAs(
      t.app,
      admin,
      'PUT',
      `/api/push-contacts/${(await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id}`,
      { pushEmails: ['ops@example.test'], pushPhones: [], smsCount: 0 },
    );
    const sent = await callAs(t.app, alphaReader.token, 'POST', '/api/contact-messages', message('No data from Hall A'));
    expect(sent.body.data.pushes).toBe(1);
    await t.app.pushes.idle();
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail!.to).toEqual(['ops@example.test']);
    expect(mail!.subject).toBe('Contact message: No data from Hall A');
    expect(mail!.contentType).toMatch(/^text\/plain/);
    expect(mail!.text).toBe('From Li Wei <li.wei@alpha.test> (user alpha_reader)\n\nThe Hall A meter shows no data since 08:00.\n<b>plain</b>');
    const record = (await callAs(t.app, admin, 'GET', '/api/push-records?channel=email')).body.data.rows[0];
    expect(record).toMatchObject({ taskId: null, alarmId: null, state: 'sent', address: 'ops@example.test', subject: 'Contact message: No data from Hall A' });
  });
});

describe('the messages list and its handled flag', () => {
  it("lists a tree's messages to that tree and every message to administrators", async () => {
    await callAs(t.app, beta.token, 'POST', '/api/contact-messages', message('Beta question'));
    const subjects = async (token: string, query = '') =>
      ((await callAs(t.app, token, 'GET', `/api/contact-messages${query}`)).body.data.rows as { subject: string }[]).map((row) => row.subject);
    expect(await subjects(alphaReader.token)).toEqual(['No data from Hall A', 'Before the mail server']);
    expect(await subjects(beta.token)).toEqual(['Beta question']);
    expect(await subjects(admin)).toEqual(['Beta question', 'No data from Hall A', 'Before the mail server']);
    expect(await subjects(admin, '?keyword=beta%20q')).toEqual(['Beta question']);
  });

  it('marks a message handled under the edit permission, in its own tree only', async () => {
    const [latest] = (await callAs(t.app, alpha.token, 'GET', '/api/contact-messages')).body.data.rows;
    const refused = await callAs(t.app, alphaReader.token, 'PUT', `/api/contact-messages/${latest.id}/handled`, { handled: true });
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    const across = await callAs(t.app, beta.token, 'PUT', `/api/contact-messages/${latest.id}/handled`, { handled: true });
    expect([across.status, across.body.message]).toEqual([404, `Contact message ${latest.id} was not found`]);
    const done = await callAs(t.app, alpha.token, 'PUT', `/api/contact-messages/${latest.id}/handled`, { handled: true });
    expect(done.body.data).toMatchObject({ handled: true, handledBy: 'alpha_top' });
    expect((await callAs(t.app, alpha.token, 'GET', '/api/contact-messages?handled=false')).body.data.total).toBe(1);
    expect((await callAs(t.app, alpha.token, 'PUT', `/api/contact-messages/${latest.id}/handled`, { handled: false })).body.data).toMatchObject({
      handled: false,
      handledBy: null,
      handledAt: null,
    });
  });
});
