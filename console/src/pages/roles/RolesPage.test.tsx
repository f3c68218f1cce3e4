// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoleRow } from '@shared/schemas/roles';
import type { RouterEntry } from '@shared/schemas/router';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

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
const manager: UserInfo = { ...admin, _id: 7, username: 'manager1', trueName: 'Max Manager', roles: [{ _id: 3, name: 'role managers' }], type: 1 };

const operatorRole: RoleRow = { _id: 2, name: 'operator', type: 1, description: 'Shift operators', isDefault: true, users: [7, 8], routers: [10, 11] };
const auditorRole: RoleRow = { _id: 5, name: 'auditor', type: 1, description: '', isDefault: false, users: [], routers: [] };

const entry = (_id: number, path: string, parent: number | null, sort: number, title: string, type: 'menu' | 'button' = 'menu'): RouterEntry => ({
  _id,
  path,
  fullpath: path,
  key: path,
  level: parent === null ? 0 : 1,
  parent,
  children: [],
  roles: [],
  type,
  title,
  icon: null,
  sort,
  hidden: type === 'button',
  noRole: false,
});
// /alerts (10) → devices (11); /settings (20) → roles (21) → add (22)
const tree = [
  entry(10, '/alerts', null, 1, 'route.alerts'),
  entry(11, 'devices', 10, 1, 'route.devices'),
  entry(20, '/settings', null, 2, 'route.settings'),
  entry(21, 'roles', 20, 1, 'route.roles'),
  entry(22, 'add', 21, 1, 'route.add', 'button'),
];

function roleServer(user: UserInfo, sent: string[]) {
  return (route: string, body: unknown) => {
    if (route !== 'GET /users/info') sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /users')
      return envelope({
        total: 2,
        rows: [
          { _id: 7, username: 'manager1', trueName: 'Max Manager' },
          { _id: 8, username: 'op2', trueName: '' },
        ],
      });
    if (route === 'GET /roles') return envelope({ total: 2, rows: [operatorRole, auditorRole] });
    if (route === 'POST /roles') {
      if ((body as { name: string }).name === 'operator')
        return { status: 400, ...envelope({ issues: [{ field: 'name', rule: 'unique', message: 'roles.name_err' }] }, 40000, 'roles.name_err') };
      return envelope({ ...auditorRole, _id: 9, ...(body as object) });
    }
    if (route.startsWith('PUT /roles/') || route.startsWith('DELETE /roles')) return envelope(route === 'DELETE /roles' ? { deleted: 2 } : null);
    if (route === 'GET /routers/tree') return envelope({ total: tree.length, rows: tree });
    if (route === 'PUT /routers/roles-auth') return envelope(null);
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

const row = (id: number) => screen.getByTestId(`role-row-${id}`);
const checkbox = (nodeId: number) => screen.getByTestId(`role-auth-node-${nodeId}`).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
const isChecked = (nodeId: number) => checkbox(nodeId).classList.contains('ant-tree-checkbox-checked');

describe('RolesPage', () => {
  afterEach(cleanup);

  it('lists roles with type, default flag, members and menus', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/roles', token: 'jwt', server: roleServer(admin, sent) });
    await screen.findByTestId('role-row-2', {}, FIRST_PAINT);
    expect(within(row(2)).getByText('operator')).toBeTruthy();
    expect(within(row(2)).getByText('Default')).toBeTruthy();
    expect(within(row(2)).getByText('Sub-user role')).toBeTruthy();
    expect(within(row(2)).getByText('2 users').getAttribute('title')).toBe('Max Manager (manager1), op2');
    expect(screen.getByText('2 in all')).toBeTruthy();
  });

  it('creates a role, showing the server refusal under the name in the reader language', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/roles', token: 'jwt', server: roleServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('roles-add', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('role-dialog');
    fireEvent.blur(within(dialog).getByTestId('role-name'));
    expect(await within(dialog).findByText('Please enter the role name (at most 50 characters)')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('role-name'), { target: { value: 'operator' } });
    fireEvent.click(within(dialog).getByTestId('role-dialog-ok'));
    expect(await within(dialog).findByText('A role with this name already exists')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('role-name'), { target: { value: 'night shift' } });
    fireEvent.change(within(dialog).getByTestId('role-description'), { target: { value: 'Nights' } });
    fireEvent.click(within(dialog).getByTestId('role-dialog-ok'));
    await waitFor(() => expect(screen.queryByTestId('role-dialog')).toBeNull());
    expect(sent.filter((line) => line.startsWith('POST /roles'))).toEqual([
      'POST /roles {"name":"operator","type":1,"description":""}',
      'POST /roles {"name":"night shift","type":1,"description":"Nights"}',
    ]);
    expect(await screen.findByText('Role "night shift" created')).toBeTruthy();
  });

  it('edits, deletes and batch-deletes roles', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/roles', token: 'jwt', server: roleServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('role-edit-5', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('role-dialog');
    expect((within(dialog).getByTestId('role-name') as HTMLInputElement).value).toBe('auditor');
    fireEvent.change(within(dialog).getByTestId('role-description'), { target: { value: 'Reads reports' } });
    fireEvent.click(within(dialog).getByTestId('role-dialog-ok'));
    await waitFor(() => expect(sent).toContain('PUT /roles/5 {"name":"auditor","type":1,"description":"Reads reports"}'));

    fireEvent.click(screen.getByTestId('role-delete-5'));
    fireEvent.click(await screen.findByTestId('role-delete-confirm-5'));
    await waitFor(() => expect(sent).toContain('DELETE /roles/5 null'));

    expect((screen.getByTestId('roles-batch-delete') as HTMLButtonElement).disabled).toBe(true);
    for (const id of [2, 5]) fireEvent.click(within(row(id)).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('roles-batch-delete'));
    fireEvent.click(await screen.findByTestId('roles-batch-delete-confirm'));
    await waitFor(() => expect(sent).toContain('DELETE /roles {"ids":[2,5]}'));
    expect(await screen.findByText('2 roles deleted')).toBeTruthy();
  });

  it('assigns menus: ticks what the role holds, grants parents with a child, saves the ids', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/roles', token: 'jwt', server: roleServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('role-auth-2', {}, FIRST_PAINT));
    await screen.findByTestId('role-auth-tree');
    expect(screen.getByTestId('role-auth-node-21').textContent).toBe('Roles');
    expect(screen.getByTestId('role-auth-node-22').textContent).toContain('button');
    expect([10, 11, 20, 21, 22].map(isChecked)).toEqual([true, true, false, false, false]);

    fireEvent.click(checkbox(22));
    expect([20, 21, 22].map(isChecked)).toEqual([true, true, true]);
    fireEvent.click(checkbox(10));
    expect([10, 11].map(isChecked)).toEqual([false, false]);
    fireEvent.click(screen.getByTestId('role-auth-save'));
    await waitFor(() => expect(sent).toContain('PUT /routers/roles-auth {"roleId":2,"routerIds":[20,21,22]}'));
    expect(await screen.findByText('Menus of "operator" saved')).toBeTruthy();
  });

  it('shows only the buttons the role grants', async () => {
    const sent: string[] = [];
    const { rootStore } = renderConsole({
      path: '/settings/roles',
      token: 'jwt',
      server: roleServer(manager, sent),
      routers: ['/settings', '/settings/roles'],
    });
    await screen.findByTestId('role-row-2', {}, FIRST_PAINT);
    expect(screen.queryByTestId('role-edit-2')).toBeNull();
    // The test server's GET /routers lists menus only: the role's one button entry joins the session here.
    const { session } = rootStore;
    act(() =>
      session.setRouters([
        ...session.routers,
        {
          ...entry(99, 'edit', session.routers.find((r) => r.fullpath === '/settings/roles')!._id, 1, 'route.edit', 'button'),
          fullpath: '/settings/roles/edit',
          key: '/settings/roles/edit',
          level: 2,
        },
      ]),
    );
    expect(screen.getByTestId('role-edit-2')).toBeTruthy();
    for (const id of ['roles-add', 'roles-batch-delete', 'role-delete-2', 'role-auth-2']) expect(screen.queryByTestId(id)).toBeNull();
    expect(within(row(2)).queryByRole('checkbox')).toBeNull();
    // Without the users screen the member filter asks for nobody's list.
    expect(sent.some((line) => line.startsWith('GET /users '))).toBe(false);
  });
});
