import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { startSmtp, type SmtpDouble } from '../../server/pushes/pushKit.test-util';
import { apiToken, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';
import { activeInterfaceKey, bearerHeader, callApi } from './helpers/api';

/**
 * Issue 5 acceptance in the browser: the e-mail channel set up on msg/verify (its test send reaches
 * the SMTP server), a template written on msg/template, and a reading over a threshold rule makes the
 * real server push an e-mail whose subject and body are the template filled in; the push record shows
 * as sent on message/push-records. The SMTP server is a real one (smtp-server) on a free port.
 */
let server: RunningServer;
let smtp: SmtpDouble;
let browser: Browser;
let tab: ConsoleTab | undefined;
let token: string;
let interfaceKey: string;

const api = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = bearerHeader(token)) =>
  callApi<T>(server.url, method, `/api${path}`, body, headers);

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SIMULATOR: 'off', TIME_ZONE: 'Asia/Shanghai' });
  browser = await launchBrowser();
  token = await apiToken(server.url);
  interfaceKey = await activeInterfaceKey(server.url, token, 'push e-mail e2e');
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('alarm e-mail push against the real server and a real SMTP server', () => {
  it('sets up the channel and a template in the console; an alarm e-mails the filled template', async () => {
    tab = await openTab(browser);
    const page = tab.page;
    await page.goto(`${server.url}/msg/verify`);
    await logIn(page);
    await page.waitForURL(`${server.url}/msg/verify`);

    // The e-mail channel: the SMTP server of this test, no login, no TLS.
    await page.getByTestId('email-host').fill('127.0.0.1');
    await page.getByTestId('email-port').fill(String(smtp.port));
    await page.getByTestId('email-from').fill('energy@plant.test');
    if ((await page.getByTestId('email-enabled').getAttribute('aria-checked')) !== 'true') await page.getByTestId('email-enabled').click();
    await page.getByTestId('email-settings-save').click();
    await expect
      .poll(async () => (await api<{ email: { enabled: boolean; port: number } | null }>('GET', '/push-channels')).data.email, { timeout: 5_000 })
      .toMatchObject({ enabled: true, port: smtp.port });

    // The test send answers with the SMTP server's reply.
    await page.getByTestId('test-address').fill('check@plant.test');
    await page.getByTestId('test-send').click();
    await page.getByTestId('test-result-ok').waitFor();
    expect(await page.getByTestId('test-result').innerText()).toContain('250');
    expect(smtp.mails.map((mail) => mail.to)).toEqual([['check@plant.test']]);

    // A template with placeholders, written in the editor.
    await page.goto(`${server.url}/msg/template`);
    await page.getByTestId('template-add').click();
    await page.getByTestId('template-name').waitFor();
    await page.getByTestId('template-name').fill('Alarm mail');
    await page.getByTestId('template-subject').fill('[{{severity}}] {{subject}}');
    await page.getByTestId('template-body').fill('Dear {{recipient}},\n{{message}} (alarm {{alarmId}}, raised {{raisedAt}}).');
    await expect.poll(() => page.getByTestId('template-preview').innerText(), { timeout: 5_000 }).toContain('Dear Administrator');
    await page.getByTestId('template-save').click();
    await page.getByTestId('template-name').waitFor({ state: 'hidden' });
    const templates = await api<{ id: number; name: string; channel: string }[]>('GET', '/push-templates');
    const template = templates.data.find((t) => t.name === 'Alarm mail');
    expect(template).toMatchObject({ channel: 'email' });
    expect(await visibleRawKeys(page)).toEqual([]);

    // Who gets it and when: the admin's push e-mail, a task on high device alarms, a rule on M011.
    expect((await api('PUT', '/push-contacts/1', { pushEmails: ['duty@plant.test'], pushPhones: [], smsCount: 0 })).code).toBe(0);
    expect(
      (
        await api('POST', '/push-tasks', {
          name: 'Duty e-mail',
          channel: 'email',
          kinds: ['device'],
          minSeverity: 'high',
          templateId: template!.id,
          recipientIds: [1],
        })
      ).code,
    ).toBe(0);
    const m011 = (await api<{ rows: { id: number; name: string }[] }>('GET', '/meters?keyword=M011&size=1')).data.rows[0]!;
    expect(
      (await api('POST', '/alarm-rules', { name: 'Press over 500 kW', scope: 'meter', scopeId: m011.id, metric: 'kw', over: 500, severity: 'high' })).code,
    ).toBe(0);

    const ts = Date.now() - 60_000;
    const sent = await api<{ accepted: number }>(
      'POST',
      '/ingest/readings',
      { readings: [{ meter: 'M011', ts, values: { kw: 612.5 } }] },
      { 'x-interface-key': interfaceKey },
    );
    expect(sent.data.accepted).toBe(1);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000, interval: 50 }).toBe(2);
    const alarm = (await api<{ rows: { id: number; raisedAt: number }[] }>('GET', '/alarm-records?kind=device')).data.rows[0]!;
    const raisedAt = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(alarm.raisedAt));
    expect(smtp.mails[1]).toMatchObject({
      from: 'energy@plant.test',
      to: ['duty@plant.test'],
      subject: `[high] ${m011.name}`,
      text: `Dear Administrator,\nkw 612.5 over 500 for 0 s (alarm ${alarm.id}, raised ${raisedAt}).`,
    });
    expect(smtp.mails[1]!.contentType).toMatch(/^text\/plain/);

    // The push record on its screen.
    await page.goto(`${server.url}/message/push-records`);
    const table = page.getByTestId('records-table');
    await expect.poll(() => table.innerText(), { timeout: 5_000 }).toContain('duty@plant.test');
    const records = await api<{ rows: { id: number; state: string; attempts: number; address: string }[] }>('GET', '/push-records');
    expect(records.data.rows.map(({ state, attempts, address }) => ({ state, attempts, address }))).toEqual([
      { state: 'sent', attempts: 1, address: 'duty@plant.test' },
    ]);
    expect(tab.errors).toEqual([]);
  });
});
