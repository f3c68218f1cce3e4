import { describe, expect, it } from 'vitest';
import type { PushesApi } from '@shared/api/pushesApi';
import { createI18n } from '@shared/i18n';
import type { PushChannelSettings, PushRecord } from '@shared/schemas/pushes';
import { ChannelSettingsController } from './ChannelSettingsController';
import { PushContactsController } from './PushContactsController';
import { canResend, PushRecordsController } from './PushRecordsController';

const t = createI18n('en').t;

const record = (id: number, state: PushRecord['state']): PushRecord => ({
  id,
  taskId: 1,
  taskName: 'Boiler alarms',
  alarmId: 40,
  channel: 'sms',
  recipientId: 2,
  recipientName: 'Li Lei',
  address: '13800138000',
  subject: '',
  body: 'Boiler 1 over limit',
  state,
  attempts: 4,
  lastError: null,
  nextAttemptAt: null,
  sentAt: null,
  createdAt: 1,
});

describe('PushRecordsController', () => {
  it('only failed and skipped records can be sent again', () => {
    expect(['pending', 'sent', 'failed', 'skipped'].map((state) => canResend({ state: state as PushRecord['state'] }))).toEqual([false, false, true, true]);
  });

  it('resends the checked records, keeps the skipped reasons and reloads the page', async () => {
    const queries: unknown[] = [];
    const sent: number[][] = [];
    const api: Pick<PushesApi, 'records' | 'resend'> = {
      records: async (query) => {
        queries.push(query);
        return { total: 2, rows: [record(5, 'failed'), record(6, 'skipped')] };
      },
      resend: async (ids) => {
        sent.push(ids);
        return { changed: [5], skipped: [{ id: 6, reason: 'the SMS allowance of Li Lei is used up this month' }] };
      },
    };
    const records = new PushRecordsController(api);
    await records.setFilter('state', 'failed');
    expect(queries).toEqual([{ state: 'failed', page: 1, size: 20 }]);
    records.setSelected([5, 6]);
    const result = await records.resend();
    expect(sent).toEqual([[5, 6]]);
    expect(result?.skipped).toEqual([{ id: 6, reason: 'the SMS allowance of Li Lei is used up this month' }]);
    expect(records.lastResend).toEqual(result);
    expect(records.selectedIds).toEqual([]);
    expect(queries).toHaveLength(2);
    // Nothing checked: nothing sent.
    expect(await records.resend()).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('sets both ends of the time range with one request', async () => {
    const queries: unknown[] = [];
    const records = new PushRecordsController({
      records: async (query) => (queries.push(query), { total: 0, rows: [] }),
      resend: async () => ({ changed: [], skipped: [] }),
    });
    await records.setRange(1000, 2000);
    expect(queries).toEqual([{ from: 1000, to: 2000, page: 1, size: 20 }]);
  });
});

describe('ChannelSettingsController', () => {
  const stored: PushChannelSettings = {
    email: { enabled: true, host: 'smtp.plant.cn', port: 465, secure: true, username: 'ops', from: 'ops@plant.cn', hasSecret: true },
    sms: null,
    wechat: null,
  };
  const fake = () => {
    const saves: unknown[] = [];
    const api: Pick<PushesApi, 'channels' | 'saveChannel' | 'testChannel' | 'templates'> = {
      channels: async () => stored,
      saveChannel: async (channel, body) => saves.push([channel, body]),
      testChannel: async () => ({ ok: false, status: 535, detail: '535 5.7.8 authentication failed', durationMs: 412 }),
      templates: async () => [],
    };
    return { api, saves };
  };

  it('leaves an empty secret out, so the stored one is kept', async () => {
    const { api, saves } = fake();
    const channels = new ChannelSettingsController(api, t);
    await channels.load();
    expect(channels.hasSecret('email')).toBe(true);
    expect(channels.hasSecret('sms')).toBe(false);
    expect(
      await channels.save('email', { enabled: true, host: 'smtp.plant.cn', port: 465, secure: true, username: 'ops', from: 'ops@plant.cn', password: '' }),
    ).toEqual({ ok: true });
    expect(saves).toEqual([['email', { enabled: true, host: 'smtp.plant.cn', port: 465, secure: true, username: 'ops', from: 'ops@plant.cn' }]]);
    await channels.save('email', { enabled: true, host: 'smtp.plant.cn', port: 465, from: 'ops@plant.cn', password: 'n3w' });
    expect(saves[1]).toEqual(['email', { enabled: true, host: 'smtp.plant.cn', port: 465, from: 'ops@plant.cn', password: 'n3w' }]);
  });

  it('refuses with the contract messages before sending', async () => {
    const { api, saves } = fake();
    const channels = new ChannelSettingsController(api, t);
    expect(await channels.save('email', { enabled: true, host: '', port: 465, from: 'ops@' })).toEqual({
      ok: false,
      errors: { host: 'Please fill in this field', from: 'Please enter a valid e-mail address' },
    });
    expect(await channels.save('sms', { enabled: true, url: 'ftp://sms.cn/send' })).toEqual({ ok: false, errors: { url: 'Must be an http(s) URL' } });
    expect(saves).toEqual([]);
  });

  it("keeps the provider's answer of a test send", async () => {
    const { api } = fake();
    const channels = new ChannelSettingsController(api, t);
    await channels.test('email', ' ops@plant.cn ');
    expect(channels.testResult).toEqual({ ok: false, status: 535, detail: '535 5.7.8 authentication failed', durationMs: 412 });
  });
});

describe('PushContactsController', () => {
  it('checks phones with the contract message and filters by keyword', async () => {
    const saves: unknown[] = [];
    const contacts = new PushContactsController(
      {
        contacts: async () => [
          { userId: 2, username: 'lilei', trueName: 'Li Lei', pushEmails: ['li@plant.cn'], pushPhones: [], smsCount: 20, smsUsedThisMonth: 3 },
          { userId: 3, username: 'hanmei', trueName: 'Han Mei', pushEmails: [], pushPhones: ['13900139000'], smsCount: 0, smsUsedThisMonth: 0 },
        ],
        saveContacts: async (userId, body) => (
          saves.push(body),
          { userId, username: 'lilei', trueName: 'Li Lei', pushEmails: [], pushPhones: [], smsCount: 0, smsUsedThisMonth: 3, ...body }
        ),
      },
      t,
    );
    await contacts.load();
    contacts.setKeyword('1390');
    expect(contacts.visible.map((row) => row.userId)).toEqual([3]);
    expect(await contacts.save(2, { pushEmails: [], pushPhones: ['2380013800'], smsCount: 5 })).toEqual({
      ok: false,
      errors: { pushPhones: 'Please enter a valid mainland mobile number (11 digits, starting with 1)' },
    });
    expect(saves).toEqual([]);
    const result = await contacts.save(2, { pushEmails: ['li@plant.cn'], pushPhones: ['13800138000'], smsCount: 5 });
    expect(result.ok).toBe(true);
    expect(contacts.contacts[0]?.pushPhones).toEqual(['13800138000']);
  });
});
