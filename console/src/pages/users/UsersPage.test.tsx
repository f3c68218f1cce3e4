// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';
import { admin, manager, operator, usersServer } from './usersFixtures.test-util';
import { choose, expectFieldError, FIRST_PAINT, typeAndLeave } from './usersTestActions.test-util';

const bodyOf = (sent: string[], prefix: string): unknown => {
  const line = sent.find((entry) => entry.startsWith(prefix));
  return line ? JSON.parse(line.slice(line.indexOf(' {') + 1)) : undefined;
};

const SCREEN = ['/settings', '/settings/user'];
const EVERY_BUTTON = [...SCREEN, ...['add', 'edit', 'delete', 'password'].map((button) => `/settings/user/${button}`)];

/** The screen as this user, its role granting `granted` (admins get everything). */
function openScreen(user: UserInfo, sent: string[] = [], granted: readonly string[] = EVERY_BUTTON) {
  return renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(user, sent), ...(user !== admin ? { routers: granted } : {}) });
}

/** Fills a valid new user (admin dialog: with a role). */
async function fillValidUser() {
  typeAndLeave('username', 'new_reader');
  typeAndLeave('trueName', 'Wang Fang');
  typeAndLeave('email', 'wang@plant.cn');
  typeAndLeave('password', 'Meter#2026x');
  typeAndLeave('repeatPassword', 'Meter#2026x');
  await choose('roles', 'meter reader');
  typeAndLeave('pushPhones', '13900139000');
}

describe('users screen', { timeout: 90_000 }, () => {
  afterEach(cleanup);

  it('lists the tree with server paging and filters by e-mail', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, sent) });
    const table = await screen.findByTestId('users-table', {}, FIRST_PAINT);
    const row = (await within(table).findByText('lilei_01')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].slice(1, 7).map((cell) => cell.textContent)).toEqual([
      'lilei_01',
      'Li Lei',
      'li@plant.cn',
      'operator',
      'Sub-user',
      'Enabled',
    ]);
    expect(within(within(table).getByText('hanmei').closest('tr') as HTMLElement).getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('42 users')).toBeTruthy();

    // antd's search box carries the test id on its wrapper.
    const filter = screen.getByTestId('users-filter-email').querySelector('input') as HTMLInputElement;
    fireEvent.change(filter, { target: { value: ' li@plant.cn ' } });
    fireEvent.keyDown(filter, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sent).toContain('GET /users?email=li%40plant.cn&page=1&size=20 null'));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(sent).toContain('GET /users?email=li%40plant.cn&page=2&size=20 null'));
  });

  it('hides every action the role does not grant, and shows the granted ones', async () => {
    openScreen(operator, [], SCREEN);
    await screen.findByText('lilei_01', {}, FIRST_PAINT);
    for (const id of ['users-add', 'users-batch-delete', 'user-edit-12', 'user-delete-12', 'user-password-12']) expect(screen.queryByTestId(id), id).toBeNull();
    cleanup();

    openScreen(operator, [], [...SCREEN, '/settings/user/add', '/settings/user/password']);
    await screen.findByText('lilei_01', {}, FIRST_PAINT);
    expect(screen.getByTestId('users-add')).toBeTruthy();
    expect(screen.getByTestId('user-password-12')).toBeTruthy();
    for (const id of ['users-batch-delete', 'user-edit-12', 'user-delete-12']) expect(screen.queryByTestId(id), id).toBeNull();
  });

  it('offers roles only to a type-0 user: the type-1 roles holding it', async () => {
    const sent: string[] = [];
    openScreen(operator, sent);
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-dialog');
    await waitFor(() => expect(sent.some((line) => line.startsWith('GET /boards'))).toBe(true));
    expect(screen.queryByTestId('user-field-roles')).toBeNull();
    expect(sent.filter((line) => line.startsWith('GET /roles'))).toEqual([]);
    cleanup();

    const managerSent: string[] = [];
    openScreen(manager, managerSent);
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-field-roles');
    expect(managerSent).toContain('GET /roles?type=1&users=5&size=500 null');
    await choose('roles', 'meter reader');
    expect(screen.getByTestId('user-field-roles').textContent).toContain('meter reader');
    cleanup();

    // An admin holds only the admin role: it is offered every type-1 role.
    const adminSent: string[] = [];
    openScreen(admin, adminSent);
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-field-roles');
    await waitFor(() => expect(adminSent).toContain('GET /roles?type=1&size=500 null'));
  });

  it('lets only an admin change a username on update; the e-mail stays read-only', async () => {
    const sent: string[] = [];
    openScreen(manager, sent);
    fireEvent.click(await screen.findByTestId('user-edit-12', {}, FIRST_PAINT));
    const username = (await screen.findByTestId('user-field-username')) as HTMLInputElement;
    expect(username.value).toBe('lilei_01');
    expect(username.disabled).toBe(true);
    expect(screen.getByText('Only an administrator can change a username')).toBeTruthy();
    expect((screen.getByTestId('user-field-email') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('user-field-password')).toBeNull();
    typeAndLeave('trueName', 'Li Lei Jr');
    fireEvent.click(screen.getByTestId('user-dialog-confirm'));
    await waitFor(() => expect(bodyOf(sent, 'PUT /users/12')).toBeDefined());
    const sentBody = bodyOf(sent, 'PUT /users/12') as Record<string, unknown>;
    expect(sentBody).not.toHaveProperty('username');
    expect(sentBody).not.toHaveProperty('email');
    expect(sentBody).toMatchObject({
      trueName: 'Li Lei Jr',
      roles: [2],
      pushPhones: ['13800138000'],
      mqttRole: 'publisher',
      mqttUsername: 'gw-li',
      smsCount: 20,
      displayAreaIds: [3],
    });
    expect(await screen.findByText('User saved')).toBeTruthy();
    cleanup();

    const adminSent: string[] = [];
    renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, adminSent) });
    fireEvent.click(await screen.findByTestId('user-edit-12', {}, FIRST_PAINT));
    const editable = (await screen.findByTestId('user-field-username')) as HTMLInputElement;
    expect(editable.disabled).toBe(false);
    // The user's own record does not count as taken.
    typeAndLeave('username', 'lilei_01');
    await expectFieldError('username', '');
    typeAndLeave('username', 'taken_name');
    await expectFieldError('username', 'This username is already taken');
    typeAndLeave('username', 'lilei_02');
    await expectFieldError('username', '');
    fireEvent.click(screen.getByTestId('user-dialog-confirm'));
    await waitFor(() => expect(bodyOf(adminSent, 'PUT /users/12')).toMatchObject({ username: 'lilei_02' }));
  });

  it('creates with the contract body and disables confirm while saving', async () => {
    const sent: string[] = [];
    const view = renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, sent) });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    view.rootStore.http.interceptors.request.use(async (config) => {
      if (config.method === 'post' && config.url === '/users') await held;
      return config;
    });
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-dialog');
    await fillValidUser();
    const confirm = screen.getByTestId('user-dialog-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    // antd puts the spinner class on in a later render than `disabled`: a loaded machine sees the two apart.
    await waitFor(() => expect(confirm.className).toContain('ant-btn-loading'));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByTestId('user-dialog')).toBeNull());
    expect(bodyOf(sent, 'POST /users ')).toEqual({
      username: 'new_reader',
      email: 'wang@plant.cn',
      password: 'Meter#2026x',
      repeatPassword: 'Meter#2026x',
      trueName: 'Wang Fang',
      roles: [6],
      pushEmails: [],
      pushPhones: ['13900139000'],
      mqttRole: 'none',
      mqttUsername: null,
      smsCount: 0,
      displayAreaIds: [],
      boardIds: [],
      // An administrator chooses the account type; a sub-user unless told otherwise.
      type: 1,
    });
    expect(await screen.findByText('User created')).toBeTruthy();
    // The list is read again after the save.
    expect(sent.filter((line) => line.startsWith('GET /users?page=1')).length).toBe(2);
  });

  it('lets an administrator create a top-level account, the root of a user tree of its own', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-dialog');
    await fillValidUser();
    const type = screen.getByTestId('user-field-type');
    expect(type.textContent).toContain('Sub-user');
    fireEvent.click(screen.getByLabelText('Top-level account'));
    fireEvent.click(screen.getByTestId('user-dialog-confirm'));
    await waitFor(() => expect(bodyOf(sent, 'POST /users ')).toMatchObject({ username: 'new_reader', type: 0 }));
  });

  it('shows a refused creation as a 2 s error notification with the translated server message', async () => {
    // The notifications the screen raises, as antd receives them (jsdom never runs antd's close timer).
    const useApp = App.useApp;
    const raised: unknown[] = [];
    const spy = vi.spyOn(App, 'useApp').mockImplementation(() => {
      const app = useApp();
      const error: typeof app.notification.error = (args) => {
        raised.push(args);
        app.notification.error(args);
      };
      return { ...app, notification: { ...app.notification, error } };
    });
    try {
      const taken = { status: 409, ...envelope(null, 40901, 'users.ph_username_err') };
      renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, [], { 'POST /users': taken }) });
      fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
      await screen.findByTestId('user-dialog');
      await fillValidUser();
      fireEvent.click(screen.getByTestId('user-dialog-confirm'));
      const notice = (await screen.findByText('The user could not be created')).closest('.ant-notification-notice') as HTMLElement;
      expect(within(notice).getByText('This username is already taken')).toBeTruthy();
      expect(raised).toEqual([
        { title: 'The user could not be created', description: 'This username is already taken', duration: 2, key: 'error:The user could not be created' },
      ]);
      // The refused name is marked at its field; the dialog stays open to fix it.
      await expectFieldError('username', 'This username is already taken');
      expect(screen.getByTestId('user-dialog')).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });

  it('puts VALIDATION_FAILED issues under their fields', async () => {
    const refused = {
      status: 400,
      ...envelope(
        {
          issues: [
            { field: 'body.mqttUsername', rule: 'custom', message: 'users.mqtt_username_err' },
            { field: 'body.pushPhones.0', rule: 'custom', message: 'users.phone_used' },
          ],
        },
        40000,
        'The request is not valid',
      ),
    };
    renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, [], { 'POST /users': refused }) });
    fireEvent.click(await screen.findByTestId('users-add', {}, FIRST_PAINT));
    await screen.findByTestId('user-dialog');
    await fillValidUser();
    typeAndLeave('mqttUsername', 'gw-li');
    fireEvent.click(screen.getByTestId('user-dialog-confirm'));
    await expectFieldError('mqttUsername', 'This MQTT account is already in use');
    await expectFieldError('pushPhones', 'This phone number is already in use');
    const notice = (await screen.findByText('The user could not be created')).closest('.ant-notification-notice') as HTMLElement;
    expect(within(notice).getByText('This MQTT account is already in use')).toBeTruthy();
  });

  it('deletes one user, a selection, and changes a password', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/user', token: 'jwt', server: usersServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('user-delete-12', {}, FIRST_PAINT));
    fireEvent.click(await screen.findByTestId('user-delete-confirm'));
    await waitFor(() => expect(sent).toContain('DELETE /users/12 null'));

    const batch = screen.getByTestId('users-batch-delete') as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    const table = screen.getByTestId('users-table');
    for (const name of ['lilei_01', 'hanmei']) fireEvent.click(within(within(table).getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(batch.disabled).toBe(false));
    fireEvent.click(batch);
    fireEvent.click(await screen.findByTestId('users-batch-delete-confirm'));
    await waitFor(() => expect(sent).toContain('DELETE /users {"ids":[12,13]}'));
    expect(await screen.findByText('2 users deleted')).toBeTruthy();

    fireEvent.click(screen.getByTestId('user-password-13'));
    const password = await screen.findByTestId('user-password-field-password');
    fireEvent.change(password, { target: { value: 'Meter#2026x' } });
    fireEvent.blur(password);
    const repeat = screen.getByTestId('user-password-field-repeatPassword');
    fireEvent.change(repeat, { target: { value: 'Meter#2026z' } });
    fireEvent.blur(repeat);
    expect(await screen.findByText('Inconsistent password entered twice')).toBeTruthy();
    fireEvent.change(repeat, { target: { value: 'Meter#2026x' } });
    fireEvent.blur(repeat);
    fireEvent.click(screen.getByTestId('user-password-confirm'));
    await waitFor(() => expect(sent).toContain('PUT /users/13/password {"password":"Meter#2026x","repeatPassword":"Meter#2026x"}'));
    expect(await screen.findByText('Password changed')).toBeTruthy();
  });
});
