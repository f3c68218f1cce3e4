// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
const viewer: UserInfo = { ...admin, _id: 7, username: 'viewer1', roles: [{ _id: 3, name: 'viewers' }], type: 1 };

const entry = (
  _id: number,
  path: string,
  fullpath: string,
  parent: number | null,
  level: number,
  title: string,
  extra: Partial<RouterEntry> = {},
): RouterEntry => ({
  _id,
  path,
  fullpath,
  key: fullpath,
  level,
  parent,
  children: [],
  roles: [],
  type: 'menu',
  title,
  icon: null,
  sort: _id,
  hidden: false,
  noRole: false,
  ...extra,
});
// /report (30) → reportList (31) → delete (32, button)
const tree = [
  entry(30, '/report', '/report', null, 0, 'route.report', { icon: 'FileTextOutlined' }),
  entry(31, 'reportList', '/report/reportList', 30, 1, 'route.reportList'),
  entry(32, 'delete', '/report/reportList/delete', 31, 2, 'Delete reports', { type: 'button', hidden: true }),
];

function menuServer(user: UserInfo, sent: string[]) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /routers/tree') return envelope({ total: tree.length, rows: tree });
    if (route === 'GET /routers/generator') return envelope({ created: ['/settings/analyzePdf', '/settings/analyzePdf/add'], total: 2 });
    if (route === 'POST /routers' && (body as { path: string }).path === 'reportList')
      return {
        status: 400,
        ...envelope({ issues: [{ field: 'body.path', rule: 'unique', message: 'menus.fullpath_err' }] }, 40000, 'body.path: menus.fullpath_err'),
      };
    if (route === 'POST /routers') return envelope({ ...tree[1], _id: 40, ...(body as object), fullpath: '/report/monthly', children: [] });
    if (route.startsWith('PUT /routers/')) return envelope({ ...tree[0], ...(body as object) });
    if (route.startsWith('DELETE /routers/')) return envelope({ deleted: 2 });
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('MenusPage', () => {
  afterEach(cleanup);

  it('shows the entries as a tree with translated titles and the entry fields', async () => {
    renderConsole({ path: '/settings/router', token: 'jwt', server: menuServer(admin, []) });
    await screen.findByTestId('menu-row-30', {}, FIRST_PAINT);
    expect(screen.queryByTestId('menu-row-31')).toBeNull();
    fireEvent.click(screen.getByTestId('menus-expand-all'));
    const button = await screen.findByTestId('menu-row-32');
    expect(screen.getByTestId('menu-title-30').textContent).toBe('Reports');
    expect(screen.getByTestId('menu-title-31').textContent).toBe('Report list');
    expect(within(button).getByText('Delete reports')).toBeTruthy();
    expect(within(button).getByText('/report/reportList/delete')).toBeTruthy();
    expect(within(button).getByText('Button')).toBeTruthy();
    // Buttons have no children: no "add child" on them.
    expect(screen.getByTestId('menu-add-child-31')).toBeTruthy();
    expect(screen.queryByTestId('menu-add-child-32')).toBeNull();
  });

  it('adds a child: full path and level follow the parent, sort must be a number, server refusals under the field', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/router', token: 'jwt', server: menuServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('menu-add-child-30', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('menu-dialog');
    expect(within(dialog).getByTestId('menu-level').textContent).toBe('1');
    fireEvent.change(within(dialog).getByTestId('menu-path'), { target: { value: 'reportList' } });
    await waitFor(() => expect(within(dialog).getByTestId('menu-fullpath').textContent).toBe('/report/reportList'));

    fireEvent.change(within(dialog).getByTestId('menu-sort'), { target: { value: '2a' } });
    fireEvent.blur(within(dialog).getByTestId('menu-sort'));
    expect(await within(dialog).findByText('Sort must be a number')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('menu-sort'), { target: { value: '5' } });
    fireEvent.blur(within(dialog).getByTestId('menu-sort'));
    await waitFor(() => expect(within(dialog).queryByText('Sort must be a number')).toBeNull());

    fireEvent.change(within(dialog).getByTestId('menu-title'), { target: { value: 'route.reportList' } });
    expect(await within(dialog).findByText('Shown as: Report list')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('menu-dialog-ok'));
    expect(await within(dialog).findByText('Another entry already has this full path')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('menu-path'), { target: { value: 'monthly' } });
    fireEvent.click(within(dialog).getByTestId('menu-dialog-ok'));
    await waitFor(() => expect(screen.queryByTestId('menu-dialog')).toBeNull());
    expect(sent.filter((line) => line.startsWith('POST /routers'))[1]).toBe(
      'POST /routers {"path":"monthly","parent":30,"type":"menu","title":"route.reportList","icon":null,"sort":5,"hidden":false,"noRole":false}',
    );
    expect(await screen.findByText('/report/monthly created')).toBeTruthy();
  });

  it('edits and deletes an entry, and reports what the generator created', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/router', token: 'jwt', server: menuServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('menu-edit-30', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('menu-dialog');
    expect(within(dialog).getByTestId('menu-level').textContent).toBe('0');
    fireEvent.change(within(dialog).getByTestId('menu-path'), { target: { value: '/reports' } });
    fireEvent.click(within(dialog).getByTestId('menu-no-role'));
    fireEvent.click(within(dialog).getByTestId('menu-dialog-ok'));
    await waitFor(() =>
      expect(sent).toContain(
        'PUT /routers/30 {"path":"/reports","parent":null,"type":"menu","title":"route.report","icon":"FileTextOutlined","sort":30,"hidden":false,"noRole":true}',
      ),
    );

    fireEvent.click(screen.getByTestId('menu-delete-30'));
    expect(await screen.findByText('Delete /report and every entry below it? Roles lose these grants.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-delete-confirm-30'));
    await waitFor(() => expect(sent).toContain('DELETE /routers/30 null'));

    fireEvent.click(screen.getByTestId('menus-generate'));
    expect(await screen.findByText('2 entries created')).toBeTruthy();
    expect(sent).toContain('GET /routers/generator null');
  });

  it('hides add, edit and delete from anyone but an administrator, even holding the buttons (the menu tree is shared)', async () => {
    renderConsole({
      path: '/settings/router',
      token: 'jwt',
      server: menuServer(viewer, []),
      routers: ['/settings', '/settings/router', '/settings/router/add', '/settings/router/edit', '/settings/router/delete'],
    });
    await screen.findByTestId('menu-row-30', {}, FIRST_PAINT);
    for (const id of ['menus-add', 'menus-generate', 'menu-add-child-30', 'menu-edit-30', 'menu-delete-30']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('hides add, edit and delete without the buttons', async () => {
    renderConsole({ path: '/settings/router', token: 'jwt', server: menuServer(viewer, []), routers: ['/settings', '/settings/router'] });
    await screen.findByTestId('menu-row-30', {}, FIRST_PAINT);
    for (const id of ['menus-add', 'menus-generate', 'menu-add-child-30', 'menu-edit-30', 'menu-delete-30']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
