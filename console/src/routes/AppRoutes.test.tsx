// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterEntry } from '@shared/schemas/router';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../testing/renderConsole.test-util';
import { routerRows } from '../testing/routerRows.test-util';
import { SCREENS } from './screenTable';

const watcher: UserInfo = {
  _id: 9,
  username: 'watcher1',
  trueName: 'Walt Watcher',
  email: 'walt@example.com',
  avatar: '',
  introduction: '',
  father: 1,
  roles: [{ _id: 4, name: 'role_watcher1' }],
  status: true,
  type: 1,
};
const info = () => envelope(watcher);

/**
 * A menu entry an administrator added in the menu editor (/settings/router): the screen table does not know
 * its path, so it shows the "coming in a later release" placeholder, whatever screens the product ships.
 * Its title is a catalogue key like any entry's, so the placeholder's heading is translated.
 */
const LINE_REVIEW = '/energyLine/line-review';
const lineGroupId = routerRows().find((row) => row.fullpath === '/energyLine')?._id ?? 0;
const lineReview: RouterEntry = {
  _id: 9001,
  path: 'line-review',
  fullpath: LINE_REVIEW,
  key: 'custom:line-review',
  level: 1,
  parent: lineGroupId,
  children: [],
  roles: [],
  type: 'menu',
  title: 'route.check',
  icon: null,
  sort: 0,
  hidden: false,
  noRole: false,
};
/** The sub-user's role: the dashboard and the production-lines group holding only the added entry. */
const granted = ['/dashboard', '/energyLine'];
const added = [lineReview];

const shownTitle = async () => (await screen.findByTestId('module-coming-title')).textContent;

describe('console routes', () => {
  afterEach(cleanup);

  it('uses an entry with no screen: the premise of the placeholder cases below', () => {
    expect(lineGroupId).toBeGreaterThan(0);
    expect(SCREENS[LINE_REVIEW]).toBeUndefined();
  });

  it('opens /auth-redirect without a token and sends the visitor to /login', async () => {
    renderConsole({ path: '/auth-redirect?redirect=%2FenergyLine' });
    expect(await screen.findByTestId('login-username')).toBeTruthy();
  });

  it('adopts the access_token of /auth-redirect and opens the redirect query', async () => {
    const { storedToken } = renderConsole({
      path: '/auth-redirect?access_token=a.b.c&redirect=%2FenergyLine%2Fline-review',
      server: info,
      routers: granted,
      extraRouters: added,
    });
    expect(await shownTitle()).toBe('Review');
    expect(storedToken()).toBe('a.b.c');
  });

  it("routes a sub-user to its role's entries only: a group to its first child, the rest to /404", async () => {
    renderConsole({ path: '/energyLine', token: 'jwt', server: info, routers: granted, extraRouters: added });
    expect(await shownTitle()).toBe('Review');
    cleanup();
    renderConsole({ path: '/settings/user', token: 'jwt', server: info, routers: granted, extraRouters: added });
    expect(await screen.findByTestId('page-404')).toBeTruthy();
  });

  it('sends a shipped entry of a granted group that the role lacks to /404', async () => {
    renderConsole({ path: '/energyLine/energy-board', token: 'jwt', server: info, routers: granted, extraRouters: added });
    expect(await screen.findByTestId('page-404')).toBeTruthy();
  });

  it.each([
    ['zh', '审核', '该模块将在后续版本中提供。'],
    ['es', 'Revisión', 'Este módulo llegará en una versión posterior.'],
  ] as const)('asks for the routes by role id and shows the placeholder in %s', async (language, title, notice) => {
    const { requests } = renderConsole({ path: LINE_REVIEW, token: 'jwt', language, server: info, routers: granted, extraRouters: added });
    expect(await shownTitle()).toBe(title);
    expect(screen.getByTestId('module-coming').textContent).toContain(notice);
    expect(requests).toEqual(['GET /users/info', 'GET /routers']);
  });

  it('replaces /redirect/<path> with /<path>', async () => {
    renderConsole({ path: '/redirect/energyLine/line-review', token: 'jwt', server: info, routers: granted, extraRouters: added });
    expect(await shownTitle()).toBe('Review');
    // The tag is added after the view renders: wait for it rather than read it at once.
    expect(await screen.findByTestId(`tag-${LINE_REVIEW}`)).toBeTruthy();
    expect(screen.queryByTestId('tag-/redirect/energyLine/line-review')).toBeNull();
  });
});
