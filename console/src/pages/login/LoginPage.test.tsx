// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const operator: UserInfo = {
  _id: 7,
  username: 'operator1',
  trueName: 'Olga Operator',
  email: 'olga@example.com',
  avatar: '',
  introduction: '',
  father: 1,
  roles: [{ _id: 3, name: 'editor' }],
  status: true,
  type: 1,
};

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  afterEach(cleanup);

  it('shows username, password and language fields and the submit button', () => {
    renderConsole({ path: '/login' });
    expect(screen.getByTestId('login-username').tagName).toBe('INPUT');
    expect(screen.getByTestId('login-password').getAttribute('type')).toBe('password');
    expect(screen.getByTestId('login-language')).toBeTruthy();
    expect(screen.getByTestId('login-submit').textContent).toContain('Log in');
  });

  it('renders in the chosen language', () => {
    renderConsole({ path: '/login', language: 'zh' });
    expect(screen.getByTestId('login-submit').textContent?.replace(/\s/g, '')).toBe('登录');
  });

  it('shows the server message inline when the login fails', async () => {
    renderConsole({
      path: '/login',
      server: () => ({ status: 401, ...envelope(null, 10001, 'Login account or password is wrong') }),
    });
    fillAndSubmit('operator1', 'wrong');
    const error = await screen.findByTestId('login-error');
    expect(error.textContent).toContain('Login account or password is wrong');
  });

  it('logs in, follows the redirect and shows who is signed in', async () => {
    const sent: unknown[] = [];
    const { storedToken } = renderConsole({
      path: '/login?redirect=%2Fdashboard',
      server: (route, body) => {
        if (route === 'POST /auth/login') {
          sent.push(body);
          return envelope({ token: 'jwt-1' });
        }
        return route === 'GET /users/info' ? envelope(operator) : { status: 404, ...envelope(null, 40400, 'Not found') };
      },
    });
    fillAndSubmit(' operator1 ', 'Secret#123');
    const user = await screen.findByTestId('dashboard-user');
    expect(user.textContent).toContain('Olga Operator');
    expect(user.textContent).toContain('operator1');
    expect(sent).toEqual([{ username: 'operator1', password: 'Secret#123', visitSource: 'energy' }]);
    expect(storedToken()).toBe('jwt-1');
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    renderConsole({ path: '/login', token: 'jwt-1', server: () => envelope(operator) });
    expect(await screen.findByTestId('dashboard-user')).toBeTruthy();
  });

  it('shows a validation message when the username is left empty', async () => {
    renderConsole({ path: '/login' });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByText('Please enter the username')).toBeTruthy());
  });
});
