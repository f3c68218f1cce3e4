// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../testing/renderConsole.test-util';

const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'admin@example.com',
  avatar: '',
  introduction: '',
  father: null,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};

describe('route guard', () => {
  afterEach(cleanup);

  it('sends a visitor without a token to /login, then back to the requested path', async () => {
    renderConsole({
      path: '/401',
      server: (route) => (route === 'POST /auth/login' ? envelope({ token: 'jwt' }) : envelope(admin)),
    });
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Sorry, you are not allowed to open this page.')).toBeTruthy();
  });

  it('opens / as the dashboard once the user info is loaded', async () => {
    const { requests } = renderConsole({ path: '/', token: 'jwt', server: () => envelope(admin) });
    expect((await screen.findByTestId('dashboard-user')).textContent).toContain('Ada Admin');
    expect(requests).toContain('GET /users/info');
  });

  it('sends an unknown path to the 404 page', async () => {
    renderConsole({ path: '/no/such/screen', token: 'jwt', server: () => envelope(admin) });
    expect(await screen.findByText('Sorry, the page you opened does not exist.')).toBeTruthy();
  });

  it('resets the token of a disabled sub-user and opens the login page', async () => {
    const { storedToken } = renderConsole({
      path: '/dashboard',
      token: 'jwt',
      server: () => envelope({ ...admin, username: 'sub1', status: false, type: 1 }),
    });
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(storedToken()).toBeUndefined();
  });

  it('resets the token when the user info cannot be loaded', async () => {
    const { storedToken } = renderConsole({ path: '/dashboard', token: 'jwt', server: () => envelope({ ...admin, username: 'x', roles: [] }) });
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    expect(storedToken()).toBeUndefined();
  });

  it('logs out from the dashboard and lands on /login', async () => {
    const { requests, storedToken } = renderConsole({
      path: '/dashboard',
      token: 'jwt',
      server: (route) => (route === 'GET /users/info' ? envelope(admin) : envelope(null)),
    });
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByTestId('login-username')).toBeTruthy();
    await waitFor(() => expect(requests).toContain('POST /auth/logout'));
    expect(storedToken()).toBeUndefined();
  });
});
