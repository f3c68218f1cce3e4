import type { FastifyInstance } from 'fastify';
import { makePrepaidObjects, type PrepaidObjects } from './prepaidFixture';
import { makeReportObjects, type ReportObjects } from './reportsFixture';
import { makeShipObjects, type ShipObjects } from './shipsFixture';
import { makePowerImportObjects, type PowerImportObjects } from './powerImportsFixture';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { newDisplayToken } from '@server/auth/displayTokens';
import { pngBytes } from '@server/files/pictureFixtures.test-util';
import { createHash } from 'node:crypto';
import { loginAs } from '../../support/testApp';
import { treeUser, type TreeUser } from '../../support/trees';
import { RESOURCES, resourceAt, type ResourceDefinition, type ResourceTableName } from '@shared/resources';

/** Every text of tree A carries this, so a leak to another caller shows in its answer. */
export const MARK = 'ALPHA';

/** A valid tariff version definition (peak 08:00–22:00, valley the rest), for the fixture and the samples. */
export const TARIFF_DEFINITION = {
  prices: { peak: '0.900000', valley: '0.300000' },
  seasons: [
    {
      name: `${MARK} all year`,
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '08:00', to: '22:00', band: 'peak' },
          { from: '22:00', to: '08:00', band: 'valley' },
        ],
      },
    },
  ],
  tiers: [],
};

/** The callers of every route (the matrix). */
export const CALLERS = ['none', 'bad', 'display', 'without', 'with', 'otherTree', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** Ids of tree A's objects, one of each kind, that the routes' paths and bodies name. */
export interface TreeAObjects {
  gateway: number;
  department: number;
  subitem: number;
  tag: number;
  meter: number;
  displayArea: number;
  alarmRule: number;
  alarmRecord: number;
  quarantine: number;
  board: number;
  boardCode: string;
  playlist: number;
  display: number;
  sprite: number;
  file: number;
  fileName: string;
  pushTemplate: number;
  pushTask: number;
  pushRecord: number;
  interfaceKey: number;
  interfaceKeyText: string;
  role: number;
  exportJob: string;
  rejection: number;
  forwardEndpoint: number;
  dataCompletion: number;
  tariff: number;
  tariffVersion: number;
  tariffAssignment: number;
  recomputeJob: number;
  contactDetails: number;
  contactMessage: number;
  shiftTemplate: number;
  shiftTeam: number;
  shiftRota: number;
  settlementClose: number;
  apportionRule: number;
  prepaid: PrepaidObjects;
  reports: ReportObjects;
  ships: ShipObjects;
  powerImports: PowerImportObjects;
}

export interface Fixture {
  app: FastifyInstance;
  alpha: TreeUser;
  /** A sub-user of A holding every menu and button. */
  alphaWith: TreeUser;
  /** A sub-user of A holding nothing. */
  alphaWithout: TreeUser;
  /** Sub-users of A that writes on users may change or delete. */
  alphaSpare: number;
  alphaSpare2: number;
  beta: TreeUser;
  adminToken: string;
  displayToken: string;
  a: TreeAObjects;
  /** Tree A's row of every resource, by table, and the body it was created with (by API path). */
  resourceIds: Record<ResourceTableName, number>;
  resourceBodies: Record<string, Record<string, unknown>>;
  tokens: Record<Caller, string | null>;
}

async function allMenus(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('routers').select('fullpath').execute()).map((r) => r.fullpath);
}

/** Trees A and B on a fresh app: users of every kind and one stored object of every kind in tree A. */
export async function buildFixture(app: FastifyInstance): Promise<Fixture> {
  const db = app.storage.db;
  const menus = await allMenus(db);
  const alpha = await treeUser(app, 'alpha_top', menus);
  const alphaWith = await treeUser(app, 'alpha_with', menus, alpha.id);
  const alphaWithout = await treeUser(app, 'alpha_without', [], alpha.id);
  const alphaSpare = (await treeUser(app, 'alpha_spare', [], alpha.id)).id;
  const alphaSpare2 = (await treeUser(app, 'alpha_spare2', [], alpha.id)).id;
  const beta = await treeUser(app, 'beta_top', menus);
  const alphaIds = [alpha.id, alphaWith.id, alphaWithout.id, alphaSpare, alphaSpare2];
  await db
    .updateTable('users')
    .set({ true_name: `${MARK} person` })
    .where('id', 'in', alphaIds)
    .execute();
  const adminToken = await loginAs(app);
  const owner = alpha.id;
  const now = Date.now();
  const id = (row: { id: number }) => row.id;

  // One row of every resource, created through its own API by tree A's top-level account from the definition's sample.
  const resourceIds = {} as Record<ResourceTableName, number>;
  const resourceBodies: Record<string, Record<string, unknown>> = {};
  const idOfPath = (path: string) => resourceIds[resourceAt(path)?.table as ResourceTableName] ?? null;
  for (const definition of RESOURCES as readonly ResourceDefinition[]) {
    const body = definition.sample({ mark: MARK, idOf: idOfPath, owner });
    const answer = await app.inject({ method: 'POST', url: `/api/${definition.path}`, headers: { authorization: `Bearer ${alpha.token}` }, payload: body });
    const created = answer.json() as { code: number; data: { id: number }; message: string };
    if (created.code !== 0) throw new Error(`fixture ${definition.name}: ${created.message}`);
    resourceIds[definition.table as ResourceTableName] = created.data.id;
    resourceBodies[definition.path] = body;
  }
  const { gateways: gateway, departments: department, subitems: subitem, tags: tag, meters: meter } = resourceIds;
  const displayArea = id(
    await db
      .insertInto('display_areas')
      .values({ name: `${MARK} area`, image: '', gateway_id: gateway, cloud: 0, show_status: 0, config: '{}', owner_user_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  app.ingest.directory.invalidate();

  // Readings through the real pipeline: a normal step, then one far above the meter's rating (quarantined, an error alarm).
  const base = now - 3 * 3600_000;
  const ingest = (ts: number, kwh: number) =>
    app.ingest.submit({ ts, readings: [{ meter: 'ALPHA-M1', values: { kwh, kw: 5 } }] }, { kind: 'mqtt', gatewaySn: 'GW-ALPHA' });
  await ingest(base, 100);
  await ingest(base + 900_000, 101);
  await ingest(base + 1_800_000, 50_000);
  await app.alarms.engine.idle();
  const quarantine = (await db.selectFrom('quarantine').select('id').where('meter_id', '=', meter).executeTakeFirstOrThrow()).id;
  const alarmRecord = (
    await db.selectFrom('alarm_records').select('id').where('subject_type', '=', 'meter').where('subject_id', '=', meter).executeTakeFirstOrThrow()
  ).id;

  const alarmRule = id(
    await db
      .insertInto('alarm_rules')
      .values({
        name: `${MARK} rule`,
        scope: 'meter',
        scope_id: meter,
        metric: 'kw',
        over: 100,
        under: null,
        duration_s: 0,
        hysteresis: 0,
        severity: 'high',
        enabled: 1,
        created_at: now,
        updated_at: now,
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

  const document = {
    schemaVersion: 1,
    meta: { name: `${MARK} board`, description: `${MARK} wall`, purpose: 'data-show', code: 'ALPHA-BOARD' },
    elements: {},
    layout: { kind: 'grid', spec: { items: [] } },
  };
  const board = id(
    await db
      .insertInto('boards')
      .values({
        name: `${MARK} board`,
        description: '',
        document: JSON.stringify(document),
        revision: 1,
        sample_key: null,
        created_at: now,
        updated_at: now,
        updated_by: 'alpha_top',
        purpose: 'data-show',
        code: 'ALPHA-BOARD',
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await db
    .insertInto('board_versions')
    .values({ board_id: board, revision: 1, name: `${MARK} board`, document: JSON.stringify(document), saved_at: now, saved_by: 'alpha_top', note: 'created' })
    .execute();
  const playlist = id(
    await db
      .insertInto('playlists')
      .values({ name: `${MARK} playlist`, entries: JSON.stringify([{ boardId: board, seconds: 60 }]), updated_at: now, owner_user_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const { token: displayToken, hash } = newDisplayToken();
  const display = id(
    await db
      .insertInto('displays')
      .values({
        name: `${MARK} wall`,
        token_hash: hash,
        scope: JSON.stringify({ kind: 'boards', boardIds: [board] }),
        owner_user_id: owner,
        created_at: now,
        created_by: 'alpha_top',
        revoked_at: null,
        pinned_board_id: null,
        last_seen_at: null,
        board_id: null,
        resolution: null,
        version: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

  const png = pngBytes(4, 4, { seed: 7 });
  const sha = createHash('sha256').update(png).digest('hex');
  const file = id(
    await db
      .insertInto('files')
      .values({
        sha256: sha,
        content: png,
        ext: 'png',
        content_type: 'image/png',
        original_name: `${MARK}.png`,
        size: png.length,
        width: 4,
        height: 4,
        uploaded_at: now,
        uploaded_by: 'alpha_top',
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const fileName = `${sha}.png`;
  const sprite = id(
    await db
      .insertInto('sprites')
      .values({
        name: `${MARK} sprite`,
        picture: `/api/files/${fileName}`,
        icons: '[]',
        created_at: now,
        updated_at: now,
        updated_by: 'alpha_top',
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );

  const pushTemplate = id(
    await db
      .insertInto('push_templates')
      .values({
        name: `${MARK} template`,
        channel: 'email',
        subject: `${MARK} {{subject}}`,
        body: `${MARK} {{message}}`,
        created_at: now,
        updated_at: now,
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const pushTask = id(
    await db
      .insertInto('push_tasks')
      .values({
        name: `${MARK} task`,
        enabled: 0,
        channel: 'email',
        kinds: JSON.stringify(['device', 'error']),
        min_severity: 'low',
        department_id: department,
        template_id: pushTemplate,
        on_repeat: 0,
        created_at: now,
        updated_at: now,
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await db.insertInto('push_task_recipients').values({ task_id: pushTask, user_id: alphaSpare }).execute();
  const pushRecord = id(
    await db
      .insertInto('push_records')
      .values({
        task_id: pushTask,
        alarm_id: alarmRecord,
        channel: 'email',
        recipient_id: alphaSpare,
        recipient_name: `${MARK} person`,
        address: 'alpha@example.test',
        subject: `${MARK} subject`,
        body: `${MARK} body`,
        state: 'failed',
        next_attempt_at: null,
        last_error: 'smtp down',
        sent_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const interfaceKeyText = `ALPHA-KEY-${now}`;
  const interfaceKey = id(
    await db
      .insertInto('interface_keys')
      .values({ key: interfaceKeyText, name: `${MARK} key`, user_id: owner, created_at: now, activated_at: null, last_used_at: null, owner_user_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const rejection = id(
    await db
      .insertInto('ingest_rejections')
      .values({ at: now, source: 'http', gateway_sn: 'GW-ALPHA', meter_code: 'ALPHA-X', reason: `${MARK} unknown meter`, owner_user_id: owner })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // Done already, so the recompute runner leaves it alone.
  const recomputeJob = id(
    await db
      .insertInto('recompute_jobs')
      .values({
        owner_user_id: owner,
        reason: 'calendar',
        detail: JSON.stringify({ mark: MARK }),
        from_day: '2026-01-01',
        to_day: '2026-01-01',
        state: 'done',
        created_by: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // Paused, so nothing is sent while the suite compares stored data; port 9 refuses at once when tested.
  const forwardEndpoint = id(
    await db
      .insertInto('forward_endpoints')
      .values({
        name: `${MARK} endpoint`,
        url: 'http://127.0.0.1:9/alpha',
        method: 'POST',
        headers: JSON.stringify([{ name: 'X-Alpha', value: MARK }]),
        secret: `${MARK}-secret-0123456789`,
        send_readings: 1,
        send_energy: 0,
        send_alarms: 1,
        meter_ids: JSON.stringify([meter]),
        department_ids: '[]',
        batch_size: 10,
        interval_s: 60,
        max_attempts: 1,
        backoff_s: 1,
        paused: 1,
        created_at: now,
        updated_at: now,
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await db
    .insertInto('forward_calls')
    .values({ endpoint_id: forwardEndpoint, at: now, items: 1, ok: 0, status: 500, error: `${MARK} refused`, duration_ms: 3, attempt: 1 })
    .execute();
  await app.forwarding.refresh();
  // A completed gap of tree A's meter (/settings/completionHistory): an empty one, so undoing it changes no figure.
  const dataCompletion = id(
    await db
      .insertInto('data_completions')
      .values({
        owner_user_id: owner,
        meter_id: meter,
        from_ts: base - 3600_000,
        to_ts: base - 2700_000,
        method: 'manual',
        intervals: '[]',
        energy_before: 0,
        energy_after: 0,
        note: `${MARK} completion`,
        created_by: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // Tree A's contact details and a message of its own (announcements and help articles are resources, made above).
  const contactDetails = id(
    await db
      .insertInto('contact_details')
      .values({
        company: `${MARK} company`,
        phone: '+1 555 0100',
        email: 'alpha@example.test',
        address: `${MARK} street`,
        hours: '9-5',
        updated_at: now,
        updated_by: 'alpha_top',
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const contactMessage = id(
    await db
      .insertInto('contact_messages')
      .values({
        name: `${MARK} person`,
        email: 'alpha@example.test',
        subject: `${MARK} subject`,
        message: `${MARK} message`,
        handled: 0,
        handled_by: null,
        handled_at: null,
        created_at: now,
        owner_user_id: owner,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // A closed month of tree A (reopen names it) and a common-area rule (settlement).
  const emptyFigures = { lines: [], totals: [], tariffVersions: [], closed: null, compare: null };
  const settlementClose = id(
    await db
      .insertInto('settlement_snapshots')
      .values({
        owner_user_id: owner,
        month: '2025-12',
        version: 1,
        state: 'closed',
        figures: JSON.stringify({ department: emptyFigures, meter: emptyFigures }),
        tariff_versions: '[]',
        diff: null,
        closed_by: null,
        closed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const apportionRule = id(
    await db
      .insertInto('apportion_rules')
      .values({
        owner_user_id: owner,
        name: `${MARK} common area`,
        energy_type: 'electricity',
        source_department_id: department,
        method: 'area',
        shares: '[]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // A tariff of tree A with one open-ended version (after the closed month) assigned to its department.
  const tariff = id(
    await db
      .insertInto('tariffs')
      .values({
        owner_user_id: owner,
        name: `${MARK} tariff`,
        energy_type: 'electricity',
        currency: 'CNY',
        note: `${MARK} note`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const tariffVersion = id(
    await db
      .insertInto('tariff_versions')
      .values({
        tariff_id: tariff,
        valid_from: '2026-01-01',
        valid_to: null,
        definition: JSON.stringify(TARIFF_DEFINITION),
        note: `${MARK} version`,
        created_by: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const tariffAssignment = id(
    await db
      .insertInto('tariff_assignments')
      .values({ owner_user_id: owner, tariff_id: tariff, target: 'department', target_id: department, energy_type: 'electricity', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // Shifts: a template, a team and one rota slot of tree A's department.
  const shiftTemplate = id(
    await db
      .insertInto('shift_templates')
      .values({ owner_user_id: owner, name: `${MARK} day shift`, start_time: '08:00', end_time: '16:00', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const shiftTeam = id(
    await db
      .insertInto('shift_teams')
      .values({ owner_user_id: owner, name: `${MARK} team`, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const shiftRota = id(
    await db
      .insertInto('shift_rota')
      .values({ owner_user_id: owner, department_id: department, day: '2026-01-05', shift_id: shiftTemplate, team_id: shiftTeam })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  // Prepaid: a room with an account and one of each money record.
  const prepaid = await makePrepaidObjects(db, owner, meter, MARK, now);
  // Reports: a definition with a schedule, a finished run, a delivery, a link, a bill template and analysis.
  const reports = await makeReportObjects(db, owner, MARK, now);
  // Ships: a voyage with one leg of tree A's ship (a resource row, made above).
  const ships = await makeShipObjects(db, owner, resourceIds.ships, MARK);
  // Imported data: uploads, a finished power and fuel batch with a row and a rejected row each, a fuel factor version.
  const powerImports = await makePowerImportObjects(db, owner, meter, 'ALPHA-M1', MARK, now);
  const role = (await db.selectFrom('roles').select('id').where('name', '=', 'role_alpha_top').executeTakeFirstOrThrow()).id;
  await db
    .updateTable('roles')
    .set({ description: `${MARK} role` })
    .where('id', '=', role)
    .execute();

  const exportAnswer = await app.inject({
    method: 'POST',
    url: '/api/meter-data/exports',
    headers: { authorization: `Bearer ${alpha.token}` },
    payload: { meterId: meter, metric: 'kwh', from: base - 60_000, to: now, format: 'csv' },
  });
  const exportJob = (exportAnswer.json() as { data: { id: string } }).data.id;
  // The job writes its row as it runs: finished before the fingerprints start, or a call would seem to change it.
  for (let tries = 0; ; tries += 1) {
    const progress = await app.inject({ method: 'GET', url: `/api/meter-data/exports/${exportJob}`, headers: { authorization: `Bearer ${alpha.token}` } });
    const state = (progress.json() as { data?: { state?: string } }).data?.state;
    if (state === 'done') break;
    if (state === 'failed' || tries > 200) throw new Error(`the fixture's export job did not finish: ${progress.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const a: TreeAObjects = {
    gateway,
    department,
    subitem,
    tag,
    meter,
    displayArea,
    alarmRule,
    alarmRecord,
    quarantine,
    board,
    boardCode: 'ALPHA-BOARD',
    playlist,
    display,
    sprite,
    file,
    fileName,
    pushTemplate,
    pushTask,
    pushRecord,
    interfaceKey,
    interfaceKeyText,
    role,
    exportJob,
    rejection,
    forwardEndpoint,
    dataCompletion,
    tariff,
    tariffVersion,
    tariffAssignment,
    recomputeJob,
    contactDetails,
    contactMessage,
    shiftTemplate,
    shiftTeam,
    shiftRota,
    settlementClose,
    apportionRule,
    prepaid,
    reports,
    ships,
    powerImports,
  };
  return {
    app,
    alpha,
    alphaWith,
    alphaWithout,
    alphaSpare,
    alphaSpare2,
    beta,
    adminToken,
    displayToken,
    a,
    resourceIds,
    resourceBodies,
    tokens: {
      none: null,
      bad: 'not-a-token',
      display: displayToken,
      without: alphaWithout.token,
      with: alphaWith.token,
      otherTree: beta.token,
      admin: adminToken,
    },
  };
}
