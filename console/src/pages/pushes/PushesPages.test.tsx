// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PushChannelSettings, PushContacts, PushRecord, PushTask, PushTemplate } from '@shared/schemas/pushes';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// The first render loads the console and its lazy screens: slow in jsdom on a busy machine.
const FIRST_PAINT = { timeout: 15_000 };

const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};
const operator: UserInfo = { ...admin, _id: 7, username: 'operator1', trueName: 'Olga Operator', roles: [{ _id: 3, name: 'operator' }], type: 1 };

const template: PushTemplate = {
  id: 3,
  name: 'Threshold mail',
  channel: 'email',
  subject: '[{{severity}}] {{subject}}',
  body: '<b>{{subject}}</b> is over {{limit}}',
  updatedAt: Date.UTC(2026, 0, 2),
};
const contacts: PushContacts[] = [
  { userId: 2, username: 'lilei', trueName: 'Li Lei', pushEmails: ['li@plant.cn'], pushPhones: [], smsCount: 20, smsUsedThisMonth: 3 },
  { userId: 3, username: 'hanmei', trueName: 'Han Mei', pushEmails: [], pushPhones: ['13900139000'], smsCount: 5, smsUsedThisMonth: 5 },
];
const failed: PushRecord = {
  id: 12,
  taskId: 1,
  taskName: 'Boiler alarms',
  alarmId: 40,
  channel: 'email',
  recipientId: 2,
  recipientName: 'Li Lei',
  address: 'li@plant.cn',
  subject: '[high] Boiler 1',
  body: 'Line one\n<script>alert(1)</script>',
  state: 'failed',
  attempts: 4,
  lastError: '550 mailbox unavailable',
  nextAttemptAt: null,
  sentAt: null,
  createdAt: Date.UTC(2026, 0, 3),
};
const skipped: PushRecord = { ...failed, id: 13, state: 'skipped', channel: 'sms', address: '', lastError: 'no push phone' };
const task: PushTask = {
  id: 1,
  name: 'Boiler alarms',
  enabled: true,
  channel: 'sms',
  kinds: ['device'],
  minSeverity: 'high',
  departmentId: null,
  templateId: null,
  recipientIds: [2, 3],
  onRepeat: false,
  recipientNames: ['Li Lei', 'Han Mei'],
  templateName: null,
  departmentName: null,
  updatedAt: 1,
};
const channels: PushChannelSettings = {
  email: { enabled: true, host: 'smtp.plant.cn', port: 465, secure: true, username: 'ops', from: 'ops@plant.cn', hasSecret: true },
  sms: null,
  wechat: null,
};

function pushServer(user: UserInfo, sent: string[] = []) {
  return (route: string, body: unknown) => {
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /push-templates') return envelope([template]);
    if (route === 'POST /push-templates/preview') {
      const { body: text } = body as { body: string };
      return envelope({ subject: '', body: text.replaceAll('{{subject}}', 'Boiler 1') });
    }
    if (route === 'POST /push-templates')
      return {
        status: 400,
        ...envelope(
          { issues: [{ field: 'body.name', rule: 'unique', message: 'a template with this name exists' }] },
          40000,
          'body.name: a template with this name exists',
        ),
      };
    if (route === 'GET /push-records') return envelope({ total: 2, rows: [failed, skipped] });
    if (route === 'POST /push-records/resend') return envelope({ changed: [12], skipped: [{ id: 13, reason: 'Han Mei has no push phone' }] });
    if (route === 'GET /provider-calls')
      return envelope({
        total: 1,
        rows: [
          {
            id: 4,
            recordId: 12,
            channel: 'email',
            endpoint: 'smtp.plant.cn:465',
            ok: false,
            status: 550,
            detail: '550 mailbox unavailable',
            durationMs: 812,
            at: Date.UTC(2026, 0, 3),
          },
        ],
      });
    if (route === 'GET /push-tasks') return envelope([task]);
    if (route === 'GET /push-contacts') return envelope(contacts);
    if (route === 'GET /departments/options') return envelope([]);
    if (route === 'GET /push-channels') return envelope(channels);
    return envelope(null);
  };
}

describe('push templates screen', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('shows a template as plain text, inserts placeholders at the caret and previews the draft', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/msg/template', token: 'jwt', server: pushServer(admin, sent) });
    const row = await screen.findByTestId('template-row-3', {}, FIRST_PAINT);
    // Markup in a template is text, never HTML.
    expect(within(row).getByText('<b>{{subject}}</b> is over {{limit}}')).toBeTruthy();
    expect(row.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByTestId('template-add'));
    const body = (await screen.findByTestId('template-body')) as HTMLTextAreaElement;
    fireEvent.change(body, { target: { value: 'Alarm on  now' } });
    body.setSelectionRange(9, 9);
    fireEvent.select(body);
    fireEvent.click(screen.getByTestId('placeholder-subject'));
    expect(body.value).toBe('Alarm on {{subject}} now');

    const preview = await screen.findByTestId('template-preview-body');
    expect(preview.tagName).toBe('PRE');
    expect(preview.textContent).toBe('Alarm on Boiler 1 now');
    // Typing then a pause: one preview of the last text, not one per change.
    expect(sent.filter((line) => line.startsWith('POST /push-templates/preview'))).toEqual([
      'POST /push-templates/preview {"subject":"","body":"Alarm on {{subject}} now"}',
    ]);
  });

  it('shows the rule under the field on blur and the server refusal at its field', async () => {
    renderConsole({ path: '/msg/template', token: 'jwt', server: pushServer(admin) });
    fireEvent.click(await screen.findByTestId('template-add', {}, FIRST_PAINT));
    const name = await screen.findByTestId('template-name');
    fireEvent.blur(name);
    expect(await screen.findByText('Please fill in this field')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Threshold mail' } });
    fireEvent.change(screen.getByTestId('template-body'), { target: { value: 'Value {{vaule}}' } });
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Unknown placeholder: {{vaule}}')).toBeTruthy();
    fireEvent.change(screen.getByTestId('template-body'), { target: { value: 'Value {{value}}' } });
    fireEvent.click(screen.getByTestId('template-save'));
    const dialog = screen.getByTestId('template-dialog');
    await within(dialog).findByText('a template with this name exists');
  });

  it('counts SMS characters against 500', async () => {
    renderConsole({ path: '/msg/template', token: 'jwt', server: pushServer(admin) });
    fireEvent.click(await screen.findByTestId('template-add', {}, FIRST_PAINT));
    fireEvent.mouseDown((await screen.findByTestId('template-channel')).querySelector('.ant-select-selector') ?? screen.getByTestId('template-channel'));
    fireEvent.click(await screen.findByTitle('SMS'));
    fireEvent.change(screen.getByTestId('template-body'), { target: { value: 'y'.repeat(501) } });
    expect(screen.getByTestId('template-sms-count').textContent).toBe('501 / 500 characters');
    expect(screen.queryByTestId('template-subject')).toBeNull();
  });

  it('hides add, edit and delete from a role without those buttons', async () => {
    renderConsole({ path: '/msg/template', token: 'jwt', server: pushServer(operator), routers: ['/msg', '/msg/template'] });
    await screen.findByTestId('template-row-3', {}, FIRST_PAINT);
    expect(screen.queryByTestId('template-add')).toBeNull();
    expect(screen.queryByTestId('template-edit-3')).toBeNull();
    expect(screen.queryByTestId('template-delete-3')).toBeNull();
    expect(screen.queryByTestId('templates-batch-delete')).toBeNull();
  });
});

describe('push records screen', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('resends the checked records and lists why the others were left alone', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/message/push-records', token: 'jwt', server: pushServer(admin, sent) });
    const row = await screen.findByTestId('record-row-12', {}, FIRST_PAINT);
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('550 mailbox unavailable')).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('record-row-13')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('records-resend'));
    const skippedList = await screen.findByTestId('resend-skipped');
    expect(skippedList.textContent).toBe('#13: Han Mei has no push phone');
    expect(screen.getByText('Put back in the queue: 1')).toBeTruthy();
    expect(sent).toContain('POST /push-records/resend {"ids":[12,13]}');
  });

  it('shows the text as sent in plain text and links to its provider calls', async () => {
    renderConsole({ path: '/message/push-records', token: 'jwt', server: pushServer(admin) });
    fireEvent.click(await screen.findByTestId('record-open-12', {}, FIRST_PAINT));
    const text = await screen.findByTestId('record-body');
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('Line one\n<script>alert(1)</script>');
    expect(text.querySelector('script')).toBeNull();
    fireEvent.click(screen.getByTestId('record-provider-calls'));
    const call = await screen.findByTestId('call-row-4', {}, FIRST_PAINT);
    expect(within(call).getByText('smtp.plant.cn:465')).toBeTruthy();
    expect(within(call).getByText('812 ms')).toBeTruthy();
    expect((screen.getByTestId('calls-filter-record') as HTMLInputElement).value).toBe('12');
  });
});

describe('channel settings screens', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('fills the stored settings but never the secret, and says one is stored', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/msg/verify', token: 'jwt', server: pushServer(admin, sent) });
    const host = (await screen.findByTestId('email-host', {}, FIRST_PAINT)) as HTMLInputElement;
    expect(host.value).toBe('smtp.plant.cn');
    const password = screen.getByTestId('email-password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('stored — leave empty to keep');
    fireEvent.click(screen.getByTestId('email-settings-save'));
    await waitFor(() => expect(sent.some((line) => line.startsWith('PUT /push-channels/email'))).toBe(true));
    const put = sent.find((line) => line.startsWith('PUT /push-channels/email'))!;
    expect(JSON.parse(put.slice('PUT /push-channels/email '.length))).toEqual({
      enabled: true,
      host: 'smtp.plant.cn',
      port: 465,
      secure: true,
      username: 'ops',
      from: 'ops@plant.cn',
    });
  });

  it('shows a non-admin the settings read-only even with the edit button: channels serve every user tree', async () => {
    renderConsole({ path: '/msg/verify', token: 'jwt', server: pushServer(operator), routers: ['/msg', '/msg/verify', '/msg/verify/edit'] });
    await screen.findByTestId('email-host', {}, FIRST_PAINT);
    expect(screen.queryByTestId('email-settings-save')).toBeNull();
    expect((screen.getByTestId('email-host') as HTMLInputElement).disabled).toBe(true);
  });

  it('checks the test address with the contract message before sending', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/msg/pushsms', token: 'jwt', server: pushServer(admin, sent) });
    const address = await screen.findByTestId('test-address', {}, FIRST_PAINT);
    fireEvent.change(address, { target: { value: '2380013800' } });
    fireEvent.click(screen.getByTestId('test-send'));
    expect(await screen.findByText('Please enter a valid mainland mobile number (11 digits, starting with 1)')).toBeTruthy();
    expect(sent.filter((line) => line.startsWith('POST /push-channels'))).toEqual([]);
    // No stored API key: the field says so.
    expect((screen.getByTestId('sms-api-key') as HTMLInputElement).placeholder).toBe('not set');
  });
});

describe('push contacts and tasks screens', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('shows SMS used against allowed and refuses a bad phone on entry with the contract message', async () => {
    renderConsole({ path: '/message/personInfo', token: 'jwt', server: pushServer(admin) });
    const row = await screen.findByTestId('contacts-row-3', {}, FIRST_PAINT);
    expect(within(row).getByText('5 / 5')).toBeTruthy();
    expect(within(screen.getByTestId('contacts-row-2')).getByText('3 / 20')).toBeTruthy();
    fireEvent.click(screen.getByTestId('contacts-edit-2'));
    const input = await screen.findByTestId('address-input-phone');
    fireEvent.change(input, { target: { value: '1380013800' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('address-problem-phone')).textContent).toBe('Please enter a valid mainland mobile number (11 digits, starting with 1)');
    fireEvent.change(input, { target: { value: '13800138000' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByTestId('address-tag-13800138000')).toBeTruthy();
    expect(screen.queryByTestId('address-problem-phone')).toBeNull();
  });

  it('warns when chosen recipients have no address for the channel', async () => {
    renderConsole({ path: '/msg/task', token: 'jwt', server: pushServer(admin) });
    const row = await screen.findByTestId('task-row-1', {}, FIRST_PAINT);
    expect(within(row).getByText('Li Lei, Han Mei')).toBeTruthy();
    expect(within(row).getByText('≥ High')).toBeTruthy();
    fireEvent.click(screen.getByTestId('task-edit-1'));
    // SMS: Li Lei has no push phone.
    expect((await screen.findByTestId('task-recipients-warning')).textContent).toBe('1 chosen without a push phone: their pushes are skipped.');
  });

  it('says beside a task on a channel not set up where to set it, in the list and in the dialog', async () => {
    renderConsole({ path: '/msg/task', token: 'jwt', server: pushServer(admin) });
    const hint = await screen.findByTestId('channel-hint-sms', {}, FIRST_PAINT);
    expect(hint.textContent).toBe('SMS tasks push nothing until the SMS provider is set and switched on under Messaging › SMS pushes.Set it up');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/msg/pushsms');
    // E-mail is set up and switched on: no task uses it, and it would need no hint anyway.
    expect(screen.queryByTestId('channel-hint-email')).toBeNull();
    fireEvent.click(screen.getByTestId('task-edit-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('channel-hint-sms')).toBeTruthy();
  });

  it('hides the task buttons and the enabled switch from a role without them', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/msg/task', token: 'jwt', server: pushServer(operator, sent), routers: ['/msg', '/msg/task'] });
    await screen.findByTestId('task-row-1', {}, FIRST_PAINT);
    // Without a channel screen it cannot read the settings: no hint, and no refused request.
    expect(screen.queryByTestId('channel-hint-sms')).toBeNull();
    expect(sent.filter((line) => line.startsWith('GET /push-channels'))).toEqual([]);
    expect(screen.queryByTestId('task-add')).toBeNull();
    expect(screen.queryByTestId('task-edit-1')).toBeNull();
    expect((screen.getByTestId('task-enabled-1') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => undefined);
  });
});
