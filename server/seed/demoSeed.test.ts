import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { DEMO_COMPRESSOR_LIMIT_KW, DEMO_COMPRESSOR_METER } from '../simulator/demoScenario';
import { seed } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.storage.db;
const adminId = async () => (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
const boardBy = (sampleKey: string) => db().selectFrom('boards').selectAll().where('sample_key', '=', sampleKey).executeTakeFirstOrThrow();

/** Row counts of every table the demo fills, to compare before and after another seed. */
async function demoCounts(): Promise<Record<string, number>> {
  const tables = [
    'alarm_rules',
    'push_templates',
    'push_template_defaults',
    'push_tasks',
    'push_task_recipients',
    'files',
    'sprites',
    'boards',
    'board_versions',
    'playlists',
    'displays',
    'users',
    'user_roles',
    'user_boards',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return Object.fromEntries(Object.entries(counts).map(([table, n]) => [table, Number(n)]));
}

describe('the living demo seed', () => {
  it('makes the "Compressor overload" rule on the simulated compressor, at the scenario’s limit', async () => {
    const compressor = await db().selectFrom('meters').select('id').where('code', '=', DEMO_COMPRESSOR_METER).executeTakeFirstOrThrow();
    const rules = await db().selectFrom('alarm_rules').selectAll().execute();
    expect(rules.map((r) => [r.name, r.scope, r.scope_id, r.metric, r.over, r.under, r.duration_s, r.severity, r.enabled, r.owner_user_id])).toEqual([
      ['Compressor overload', 'meter', compressor.id, 'kw', 150, null, 60, 'high', 1, await adminId()],
    ]);
    expect(DEMO_COMPRESSOR_LIMIT_KW).toBe(150);
    // The equipment board's gauge turns red where the rule raises.
    const gauge = JSON.parse((await boardBy('compressor-1-equipment')).document).elements.load;
    expect([gauge.options.alarm, gauge.binding.meterIds]).toEqual([DEMO_COMPRESSOR_LIMIT_KW, [compressor.id]]);
  });

  it('makes a template per alarm kind and channel, each the default of its pair, and a disabled e-mail task to the admin', async () => {
    const templates = await db().selectFrom('push_templates').select(['id', 'name', 'channel', 'owner_user_id']).orderBy('id').execute();
    expect(templates).toHaveLength(15); // five alarm kinds × three channels
    expect(templates.slice(0, 3).map((row) => [row.name, row.channel])).toEqual([
      ['Threshold exceeded (e-mail)', 'email'],
      ['Threshold exceeded (SMS)', 'sms'],
      ['Threshold exceeded (WeChat)', 'wechat'],
    ]);
    expect(new Set(templates.map((row) => row.owner_user_id))).toEqual(new Set([await adminId()]));
    const admin = await loginAs(t.app);
    const defaults = (await t.app.inject({ method: 'GET', url: '/api/push-template-defaults', headers: bearer(admin) })).json().data.defaults;
    const nameOf = new Map(templates.map((row) => [row.id, row.name]));
    expect(defaults.find((d: { kind: string; channel: string }) => d.kind === 'offline' && d.channel === 'sms')).toMatchObject({
      kind: 'offline',
      channel: 'sms',
    });
    expect(defaults.map((d: { templateId: number }) => nameOf.get(d.templateId))).toHaveLength(15);
    expect(defaults.every((d: { templateId: number | null }) => d.templateId !== null)).toBe(true);
    const tasks = (await t.app.inject({ method: 'GET', url: '/api/push-tasks', headers: bearer(admin) })).json().data;
    expect(tasks).toMatchObject([
      {
        name: 'Alarms to the administrator (e-mail)',
        enabled: false,
        channel: 'email',
        kinds: ['device', 'error', 'trouble', 'offline'],
        minSeverity: 'medium',
        recipientNames: ['Administrator'],
        templateId: null,
      },
    ]);
    const pushEmails = (await db().selectFrom('users').select('push_emails').where('username', '=', 'admin').executeTakeFirstOrThrow()).push_emails;
    expect(JSON.parse(pushEmails)).toEqual(['admin@energy.local']);
  });

  it('makes the plant sprite on a stored picture with the demo meters placed', async () => {
    const admin = await loginAs(t.app);
    const sprites = (await t.app.inject({ method: 'GET', url: '/api/sprites', headers: bearer(admin) })).json().data;
    expect(sprites).toHaveLength(1);
    expect(sprites[0]).toMatchObject({ name: 'Main site plan', updatedBy: 'system' });
    expect(sprites[0].icons).toHaveLength(16);
    const compressor = await db().selectFrom('meters').select('id').where('code', '=', 'M033').executeTakeFirstOrThrow();
    expect(sprites[0].icons).toContainEqual({ meterId: compressor.id, label: 'Compressor 1', x: 60, y: 34, metric: 'kw', digits: 1 });
    const picture = await t.app.inject({ method: 'GET', url: sprites[0].picture });
    expect([picture.statusCode, picture.headers['content-type'], picture.rawPayload.subarray(1, 4).toString('ascii')]).toEqual([200, 'image/png', 'PNG']);
  });

  it('seeds one board of each purpose: energy, data-show with its code, equipment waiting for review', async () => {
    const boards = await db()
      .selectFrom('boards')
      .select(['name', 'purpose', 'code', 'review_state', 'review_submitted_by', 'owner_user_id'])
      .orderBy('id')
      .execute();
    expect(boards.map((b) => [b.name, b.purpose, b.code, b.review_state, b.review_submitted_by])).toEqual([
      ['Energy control room', 'general', '', 'draft', null],
      ['Alarm wall', 'general', '', 'draft', null],
      ['3D plant', 'general', '', 'draft', null],
      ['Plant energy', 'energy', '', 'draft', null],
      ['Utilities live', 'data-show', 'UTILITIES-LIVE', 'draft', null],
      ['Compressor 1', 'equipment', '', 'pending', 'system'],
      ['Tenant prepaid', 'general', '', 'draft', null],
      ['Energy reports', 'general', '', 'draft', null],
      ['Industry energy', 'general', '', 'draft', null],
    ]);
    const admin = await loginAs(t.app);
    const byCode = await t.app.inject({ method: 'GET', url: '/api/boards/by-code/UTILITIES-LIVE', headers: bearer(admin) });
    expect(byCode.json().data).toMatchObject({ name: 'Utilities live', purpose: 'data-show' });
    const pending = await t.app.inject({ method: 'GET', url: '/api/boards/reviews?state=pending', headers: bearer(admin) });
    expect(pending.json().data.map((b: { name: string }) => b.name)).toEqual(['Compressor 1']);
  });

  it('makes a playlist of the three walls and a display that plays it', async () => {
    const playlists = await db().selectFrom('playlists').selectAll().execute();
    const walls = await Promise.all(['control-room', 'alarm-wall', 'plant-3d'].map(async (key) => (await boardBy(key)).id));
    expect(playlists.map((p) => [p.name, JSON.parse(p.entries), p.owner_user_id])).toEqual([
      ['Control room rotation', walls.map((boardId) => ({ boardId, seconds: 60 })), await adminId()],
    ]);
    const displays = await db().selectFrom('displays').selectAll().execute();
    expect(displays.map((d) => [d.name, JSON.parse(d.scope), d.owner_user_id, d.revoked_at])).toEqual([
      ['Control room wall', { kind: 'playlist', playlistId: playlists[0]!.id }, await adminId(), null],
    ]);
    // The link printed once opens the wall: its token is the display's.
    const wall = t.app.adminSeed.wall!;
    expect(wall.path).toMatch(new RegExp(`^/dash/playlist/${playlists[0]!.id}\\?access_token=dsp_`));
    const token = decodeURIComponent(wall.path.split('access_token=')[1]!);
    const session = await t.app.inject({ method: 'GET', url: '/api/kiosk/session', headers: bearer(token) });
    expect(session.json().data).toMatchObject({ kind: 'display', name: 'Control room wall' });
  });

  it('makes a demo sub-user with the operator role who sees three walls, is told when a wall is not shared, and reads "not found" for no board', async () => {
    const user = await db().selectFrom('users').selectAll().where('username', '=', 'demo_operator').executeTakeFirstOrThrow();
    expect([user.type, user.father_id, user.status]).toEqual([1, await adminId(), 1]);
    const roles = await db()
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.name')
      .where('user_id', '=', user.id)
      .execute();
    expect(roles).toEqual([{ name: 'operator' }]);
    const password = t.app.adminSeed.demoUser?.generatedPassword ?? '';
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!$#%@&*])[A-Za-z\d!$#%@&*]{8,20}$/);
    const token = await loginAs(t.app, 'demo_operator', password);
    const list = (await t.app.inject({ method: 'GET', url: '/api/boards', headers: bearer(token) })).json().data;
    expect(list.map((b: { name: string }) => b.name).sort()).toEqual(['Alarm wall', 'Energy control room', 'Plant energy']);
    const plant3d = (await boardBy('plant-3d')).id;
    const notShared = await t.app.inject({ method: 'GET', url: `/api/boards/${plant3d}`, headers: bearer(token) });
    expect([notShared.statusCode, notShared.json()]).toEqual([
      403,
      {
        code: ErrorCode.FORBIDDEN,
        data: { boardId: plant3d, askUser: { username: 'admin', name: 'Administrator' } },
        message: `Board ${plant3d} is not shared with you. Ask Administrator (admin), who manages your user tree, to share it with you.`,
      },
    ]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/boards/999999', headers: bearer(token) });
    expect([missing.statusCode, missing.json()]).toEqual([
      404,
      { code: ErrorCode.KANBAN_NOT_FOUND, data: null, message: 'Kanban id error, Kanban not found!' },
    ]);
  });

  it('changes nothing when it runs again, and shows nothing more to print', async () => {
    const before = await demoCounts();
    expect(before).toMatchObject({ alarm_rules: 1, push_templates: 15, push_tasks: 1, sprites: 1, boards: 9, playlists: 1, displays: 1, users: 2 });
    expect(await seed(db(), { adminPassword: undefined, demo: true, demoUserPassword: undefined })).toEqual({ created: false });
    expect(await demoCounts()).toEqual(before);
  });

  it('does not bring back a demo object an administrator deleted', async () => {
    await db().deleteFrom('alarm_rules').where('name', '=', 'Compressor overload').execute();
    await seed(db(), { adminPassword: undefined, demo: true });
    expect(await db().selectFrom('alarm_rules').select('id').execute()).toEqual([]);
  });
});

describe('the demo seed on other starts', () => {
  it('seeds none of it with SEED_DEMO off, and each object once when several processes seed at the same time', async () => {
    const bare = await createTestApp({ seedDemo: false });
    try {
      const empty = bare.app.storage.db;
      const count = async (table: 'alarm_rules' | 'push_templates' | 'push_tasks' | 'sprites' | 'boards' | 'playlists' | 'displays' | 'users') =>
        Number(
          (
            await empty
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const tables = ['alarm_rules', 'push_templates', 'push_tasks', 'sprites', 'boards', 'playlists', 'displays', 'users'] as const;
      const counted = async () => Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
      expect(await counted()).toEqual({ alarm_rules: 0, push_templates: 0, push_tasks: 0, sprites: 0, boards: 0, playlists: 0, displays: 0, users: 1 });
      expect(bare.app.adminSeed.demoUser).toBeUndefined();
      // Turned on later, three starts at once: one of each object, and one demo user (with the configured password).
      const results = await Promise.all([1, 2, 3].map(() => seed(empty, { adminPassword: undefined, demo: true, demoUserPassword: 'Demo!2345op' })));
      expect(await counted()).toEqual({ alarm_rules: 1, push_templates: 15, push_tasks: 1, sprites: 1, boards: 9, playlists: 1, displays: 1, users: 2 });
      expect(results.filter((result) => result.demoUser).map((result) => result.demoUser)).toEqual([{ username: 'demo_operator' }]);
      expect(results.filter((result) => result.wall)).toHaveLength(1);
      expect(await loginAs(bare.app, 'demo_operator', 'Demo!2345op')).toMatch(/\./);
    } finally {
      await bare.close();
    }
  });
});
