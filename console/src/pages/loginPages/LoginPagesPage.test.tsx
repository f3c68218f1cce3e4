// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoginPageRow } from '@shared/schemas/loginPages';
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

const plant: LoginPageRow = {
  _id: 4,
  edition: 'Plant 2 Energy Console',
  notes: 'Gate house screens',
  state: true,
  domainName: 'plant2.example.com',
  templateName: 'control-room',
  updatedAt: Date.UTC(2026, 0, 5, 8),
};
const fallback: LoginPageRow = {
  _id: 6,
  edition: 'Energy Platform',
  notes: '',
  state: false,
  domainName: '',
  templateName: 'classic',
  updatedAt: Date.UTC(2026, 0, 6, 8),
};

function loginPageServer(user: UserInfo, sent: string[]) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /login-pages') return envelope({ total: 2, rows: [plant, fallback] });
    if (route === 'POST /login-pages' && (body as { state: boolean }).state)
      return {
        status: 400,
        ...envelope({ issues: [{ field: 'domainName', rule: 'unique', message: 'loginPages.domain_active_err' }] }, 40000, 'loginPages.domain_active_err'),
      };
    if (route === 'POST /login-pages' || route.startsWith('PUT /login-pages/')) return envelope({ ...fallback, ...(body as object) });
    if (route.startsWith('DELETE /login-pages/')) return envelope(null);
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('LoginPagesPage', () => {
  afterEach(cleanup);

  it('lists entries with domain, template and state', async () => {
    renderConsole({ path: '/settings/loginPageSet', token: 'jwt', server: loginPageServer(admin, []) });
    const row = await screen.findByTestId('login-page-row-4', {}, FIRST_PAINT);
    expect(within(row).getByText('plant2.example.com')).toBeTruthy();
    expect(within(row).getByText('Control room')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    const other = screen.getByTestId('login-page-row-6');
    expect(within(other).getByText('Any host')).toBeTruthy();
    expect(within(other).getByText('Inactive')).toBeTruthy();
    expect(screen.getByTestId('login-pages-table')).toBeTruthy();
  });

  it('creates an entry: rules on blur, the one-active-per-domain refusal under the domain', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/loginPageSet', token: 'jwt', server: loginPageServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('login-pages-add', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('login-page-dialog');
    fireEvent.blur(within(dialog).getByTestId('login-page-edition'));
    expect(await within(dialog).findByText('Please enter the edition (at most 100 characters)')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('login-page-domain'), { target: { value: 'https://plant2.example.com' } });
    fireEvent.blur(within(dialog).getByTestId('login-page-domain'));
    expect(await within(dialog).findByText('Enter a host name such as plant2.example.com (no scheme, no port)')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('login-page-edition'), { target: { value: 'Plant 2 night' } });
    fireEvent.change(within(dialog).getByTestId('login-page-domain'), { target: { value: 'Plant2.example.com' } });
    fireEvent.click(within(dialog).getByTestId('login-page-state'));
    fireEvent.click(within(dialog).getByTestId('login-page-dialog-ok'));
    expect(await within(dialog).findByText('Another active entry already uses this domain name')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('login-page-state'));
    fireEvent.change(within(dialog).getByTestId('login-page-notes'), { target: { value: 'spare' } });
    fireEvent.click(within(dialog).getByTestId('login-page-dialog-ok'));
    await waitFor(() => expect(screen.queryByTestId('login-page-dialog')).toBeNull());
    expect(sent.filter((line) => line.startsWith('POST'))).toEqual([
      'POST /login-pages {"edition":"Plant 2 night","notes":"","state":true,"domainName":"Plant2.example.com","templateName":"classic"}',
      'POST /login-pages {"edition":"Plant 2 night","notes":"spare","state":false,"domainName":"Plant2.example.com","templateName":"classic"}',
    ]);
  });

  it('edits and deletes an entry', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/settings/loginPageSet', token: 'jwt', server: loginPageServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('login-page-edit-6', {}, FIRST_PAINT));
    const dialog = await screen.findByTestId('login-page-dialog');
    fireEvent.change(within(dialog).getByTestId('login-page-edition'), { target: { value: 'Energy Platform 2' } });
    fireEvent.click(within(dialog).getByTestId('login-page-state'));
    fireEvent.click(within(dialog).getByTestId('login-page-dialog-ok'));
    await waitFor(() =>
      expect(sent).toContain('PUT /login-pages/6 {"edition":"Energy Platform 2","notes":"","state":true,"domainName":"","templateName":"classic"}'),
    );

    fireEvent.click(screen.getByTestId('login-page-delete-4'));
    fireEvent.click(await screen.findByTestId('login-page-delete-confirm-4'));
    await waitFor(() => expect(sent).toContain('DELETE /login-pages/4 null'));
    expect(await screen.findByText('"Plant 2 Energy Console" deleted')).toBeTruthy();
  });

  it('hides add, edit and delete from anyone but an administrator, even holding the buttons (login pages serve every tree)', async () => {
    renderConsole({
      path: '/settings/loginPageSet',
      token: 'jwt',
      server: loginPageServer(viewer, []),
      routers: ['/settings', '/settings/loginPageSet', '/settings/loginPageSet/add', '/settings/loginPageSet/edit', '/settings/loginPageSet/delete'],
    });
    await screen.findByTestId('login-page-row-4', {}, FIRST_PAINT);
    for (const id of ['login-pages-add', 'login-page-edit-4', 'login-page-delete-4']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('hides add, edit and delete without the buttons', async () => {
    renderConsole({ path: '/settings/loginPageSet', token: 'jwt', server: loginPageServer(viewer, []), routers: ['/settings', '/settings/loginPageSet'] });
    await screen.findByTestId('login-page-row-4', {}, FIRST_PAINT);
    for (const id of ['login-pages-add', 'login-page-edit-4', 'login-page-delete-4']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
