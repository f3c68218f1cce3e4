import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_GROUPS, SCREEN_BUTTONS, productRouterEntries } from '@shared/menu';
import { ensureMenus } from './menus';
import { seed } from './index';
import { createTestApp, type TestApp } from '@tests/support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('first-start seed', () => {
  it('stores the whole menu tree: 20 top-level groups, the 8 public routes, and every child with fullpath, level and parent', async () => {
    const routers = await t.app.storage.db.selectFrom('routers').selectAll().orderBy('id').execute();
    expect(routers).toHaveLength(productRouterEntries().length);
    expect(routers.filter((r) => r.level === 0 && r.hidden === 0)).toHaveLength(20);
    const publicRoutes = routers.filter((r) => r.level === 0 && r.hidden === 1).map((r) => r.fullpath);
    expect(publicRoutes).toEqual(['/redirect/:path*', '/login', '/visualization', '/report-sheet', '/auth-redirect', '/404', '/401', '/dash/:id']);
    expect(routers.filter((r) => r.hidden === 1 && r.level === 0).every((r) => r.no_role === 1)).toBe(true);
    expect(MENU_GROUPS).toHaveLength(20);
    const byPath = new Map(routers.map((r) => [r.fullpath, r]));
    const boardConfig = byPath.get('/settings/boardConfig');
    expect(boardConfig).toMatchObject({ path: 'boardConfig', level: 1, type: 'menu', title: 'route.boardConfig' });
    expect(boardConfig?.parent_id).toBe(byPath.get('/settings')?.id);
    expect(byPath.get('/payment-statistics/datashowboard/:dataShowBoardCode')).toMatchObject({ hidden: 1, title: 'route.datashowboard' });
    expect(byPath.get('/dashboard')).toMatchObject({ no_role: 1, level: 0 });
  });

  it('stores the button entries hidden one level below their screen, and grants none to the default role', async () => {
    const db = t.app.storage.db;
    const buttons = await db.selectFrom('routers').selectAll().where('type', '=', 'button').execute();
    expect(buttons).toHaveLength(Object.values(SCREEN_BUTTONS).flat().length);
    const user = await db.selectFrom('routers').select('id').where('fullpath', '=', '/settings/user').executeTakeFirstOrThrow();
    const userButtons = buttons.filter((b) => b.parent_id === user.id).sort((a, b) => a.sort - b.sort);
    expect(userButtons.map((b) => [b.fullpath, b.level, b.hidden, b.title])).toEqual([
      ['/settings/user/add', 2, 1, 'route.add'],
      ['/settings/user/edit', 2, 1, 'route.edit'],
      ['/settings/user/delete', 2, 1, 'route.delete'],
      ['/settings/user/password', 2, 1, 'route.password'],
    ]);
    const operatorGrants = await db
      .selectFrom('role_routers')
      .innerJoin('roles', 'roles.id', 'role_routers.role_id')
      .innerJoin('routers', 'routers.id', 'role_routers.router_id')
      .select('routers.type')
      .where('roles.name', '=', 'operator')
      .execute();
    expect(operatorGrants.length).toBeGreaterThan(20);
    expect(operatorGrants.filter((g) => g.type === 'button')).toEqual([]);
  });

  it('adds back a known entry the table lacks at the next start, and reports what it created', async () => {
    const db = t.app.storage.db;
    await db.deleteFrom('routers').where('fullpath', '=', '/settings/roles').execute(); // its buttons go with it
    expect(await ensureMenus(db)).toEqual(['/settings/roles', '/settings/roles/add', '/settings/roles/edit', '/settings/roles/delete', '/settings/roles/auth']);
    const auth = await db.selectFrom('routers').select(['level', 'parent_id']).where('fullpath', '=', '/settings/roles/auth').executeTakeFirstOrThrow();
    const roles = await db.selectFrom('routers').select('id').where('fullpath', '=', '/settings/roles').executeTakeFirstOrThrow();
    expect(auth).toEqual({ level: 2, parent_id: roles.id });
    expect(await ensureMenus(db)).toEqual([]);
  });

  it('creates the admin and default roles and the admin account with an e-mail', async () => {
    const roles = await t.app.storage.db.selectFrom('roles').select(['name', 'type', 'is_default']).orderBy('id').execute();
    expect(roles).toEqual([
      { name: 'admin', type: 0, is_default: 0 },
      { name: 'operator', type: 1, is_default: 1 },
    ]);
    const admin = await t.app.storage.db.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ email: 'admin@energy.local', type: 0, status: 1 });
    expect(admin.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  it('seeds a demo organisation of departments on three levels with a gateway and a few dozen meters', async () => {
    const db = t.app.storage.db;
    const levels = (await db.selectFrom('departments').select('level').distinct().orderBy('level').execute()).map((r) => r.level);
    expect(levels).toEqual([1, 2, 3]);
    const meters = await db.selectFrom('meters').select(['code', 'gateway_id', 'department_id']).execute();
    expect(meters.length).toBeGreaterThanOrEqual(24);
    expect(meters.every((m) => m.gateway_id !== null && m.department_id !== null)).toBe(true);
    expect(await db.selectFrom('gateways').select('sn').execute()).toEqual([{ sn: 'GW-DEMO-01' }]);
  });

  it('is idempotent: a second run adds nothing and keeps the admin password', async () => {
    const db = t.app.storage.db;
    const count = async () => ({
      routers: (await db.selectFrom('routers').select('id').execute()).length,
      departments: (await db.selectFrom('departments').select('id').execute()).length,
      meters: (await db.selectFrom('meters').select('id').execute()).length,
      roles: (await db.selectFrom('roles').select('id').execute()).length,
    });
    const before = await count();
    const result = await seed(db, { adminPassword: 'Other!2345', demo: true });
    expect(result).toEqual({ created: false });
    expect(await count()).toEqual(before);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Other!2345' } });
    expect(login.json().code).toBe(10001);
  });
});

describe('generated admin password', () => {
  it('is generated, meets the password rule and is returned once when ADMIN_PASSWORD is not set', async () => {
    const fresh = await createTestApp({ adminPassword: undefined, seedDemo: false });
    try {
      const password = fresh.app.adminSeed.generatedPassword ?? '';
      expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!$#%@&*])[A-Za-z\d!$#%@&*]{8,20}$/);
      const login = await fresh.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password } });
      expect(login.json().code).toBe(0);
      expect(await fresh.app.storage.db.selectFrom('departments').select('id').execute()).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });
});
