// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const notFound = { status: 404, ...envelope(null, 40400, 'Not found') };
const page = () => screen.getByTestId('login-title').closest('main')!;

describe('LoginPage with a login-page entry', () => {
  afterEach(cleanup);

  it('shows the active entry of this host as its title, in its template layout', async () => {
    const { requests } = renderConsole({
      path: '/login',
      server: (route) => (route === 'GET /login-pages/current' ? envelope({ edition: 'Plant 2 Energy Console', templateName: 'control-room' }) : notFound),
    });
    await waitFor(() => expect(screen.getByTestId('login-title').textContent).toBe('Plant 2 Energy Console'));
    expect(page().getAttribute('data-template')).toBe('control-room');
    expect(requests).toContain('GET /login-pages/current');
  });

  it('keeps the catalogue title and the classic layout without an entry', async () => {
    const { requests } = renderConsole({
      path: '/login',
      language: 'zh',
      server: (route) => (route === 'GET /login-pages/current' ? envelope(null) : notFound),
    });
    await waitFor(() => expect(requests).toContain('GET /login-pages/current'));
    expect(screen.getByTestId('login-title').textContent).toBe('能源管理平台');
    expect(page().getAttribute('data-template')).toBe('classic');
  });

  it('falls back quietly when the call fails: no error toast on the login page', async () => {
    const { requests } = renderConsole({ path: '/login', server: () => ({ status: 500, ...envelope(null, 50000, 'Internal server error') }) });
    await waitFor(() => expect(requests).toContain('GET /login-pages/current'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('login-title').textContent).toBe('Energy Management Platform');
    expect(screen.queryByText('Internal server error')).toBeNull();
  });
});
