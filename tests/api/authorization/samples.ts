import type { ObjectKind } from '@server/tenancy/objectKinds';
import { RESOURCES, type ResourceDefinition } from '@shared/resources';
import { multipartFile } from '../../support/multipart';
import { billUpload, EMPTY_PAGE_PDF } from '@server/reports/bills/billUpload.test-util';
import { TARIFF_DEFINITION, type Fixture } from './fixture';
import { probeLeg } from './shipsFixture';
import { PROBE_FUEL_FACTOR, PROBE_FUEL_MAPPING, PROBE_POWER_MAPPING, probeImportCsv } from './powerImportsFixture';

/** How the suite calls one route: path parameters beyond the object id, a query, a body. */
export interface Sample {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  /** Raw bytes instead of JSON (uploads). */
  raw?: { payload: Buffer; contentType: string };
  /** The call ends the caller's session (logout): it is made with a session of its own. */
  freshSession?: boolean;
}

/** The object of tree A that a route's id parameter names, by the kind the route declares. */
export function objectIdOf(fx: Fixture, kind: ObjectKind): string | number {
  const { a } = fx;
  const ids: Record<ObjectKind, string | number> = {
    ...fx.resourceIds,
    alarm_rules: a.alarmRule,
    displays: a.display,
    playlists: a.playlist,
    boards: a.board,
    sprites: a.sprite,
    files: a.file,
    push_tasks: a.pushTask,
    push_templates: a.pushTemplate,
    interface_keys: a.interfaceKey,
    display_areas: a.displayArea,
    ingest_rejections: a.rejection,
    quarantine: a.quarantine,
    users: fx.alphaSpare,
    roles: a.role,
    alarmRecords: a.alarmRecord,
    exports: a.exportJob,
    pushRecords: a.pushRecord,
    forward_endpoints: a.forwardEndpoint,
    data_completions: a.dataCompletion,
    tariffs: a.tariff,
    tariff_assignments: a.tariffAssignment,
    tariffVersions: a.tariffVersion,
    recompute_jobs: a.recomputeJob,
    contact_details: a.contactDetails,
    contact_messages: a.contactMessage,
    shift_templates: a.shiftTemplate,
    shift_teams: a.shiftTeam,
    shift_rota: a.shiftRota,
    settlement_snapshots: a.settlementClose,
    apportion_rules: a.apportionRule,
    room_meters: a.prepaid.roomMeter,
    prepaid_accounts: a.prepaid.account,
    account_items: a.prepaid.accountItem,
    ledger_entries: a.prepaid.ledgerEntry,
    deduction_hours: a.prepaid.account,
    payments: a.prepaid.payment,
    refunds: a.prepaid.refund,
    supply_commands: a.prepaid.supplyCommand,
    bills: a.prepaid.bill,
    reconciliation_items: a.prepaid.reconciliationItem,
    cash_ups: a.prepaid.cashUp,
    wx_users: a.prepaid.wxUser,
    account_events: a.prepaid.accountEvent,
    report_definitions: a.reports.definition,
    report_schedules: a.reports.schedule,
    report_runs: a.reports.run,
    report_deliveries: a.reports.delivery,
    report_links: a.reports.link,
    bill_templates: a.reports.billTemplate,
    bill_analyses: a.reports.billAnalysis,
    ship_voyages: a.ships.voyage,
    voyage_legs: a.ships.leg,
    // No route names a tolerance or a comparison finding by id (tolerances are written by their meter or department).
    comparison_tolerances: a.meter,
    comparison_findings: a.meter,
    import_uploads: a.powerImports.powerUpload,
    import_batches: a.powerImports.powerBatch,
    imported_power: a.powerImports.powerRow,
    imported_fuel: a.powerImports.fuelRow,
    fuel_factor_versions: a.powerImports.factorVersion,
  };
  return ids[kind];
}

/** Path parameters that are not the route's object id. */
export function otherParams(fx: Fixture): Record<string, string | number> {
  return { revision: 1, code: fx.a.boardCode, channel: 'email', userId: fx.alphaSpare, name: fx.a.fileName, meterId: fx.a.meter };
}

/**
 * The writes of every resource, from its definition's sample: a create naming tree A's rows, an update
 * with the body tree A's row was created with, a batch delete of that row, and an import preview (its
 * file names no other row, so a caller of another tree learns nothing from the answer).
 */
function resourceSamples(fx: Fixture): Record<string, Sample> {
  const idOf = (path: string) => objectIdOfPath(fx, path);
  const entries = (RESOURCES as readonly ResourceDefinition[]).flatMap((definition) => {
    const base = `/api/${definition.path}`;
    const probe = definition.sample({ mark: 'PROBE', idOf, owner: fx.alpha.id });
    const plain = definition.fields.filter((field) => !field.readOnly && field.kind !== 'ref' && field.kind !== 'refs' && probe[field.name] !== undefined);
    const csv = `${plain.map((field) => field.name).join(',')}\n${plain.map((field) => String(probe[field.name])).join(',')}\n`;
    const id = fx.resourceIds[definition.table as keyof Fixture['resourceIds']];
    return [
      [`POST ${base}`, { body: probe }],
      [`PUT ${base}/:id`, { body: fx.resourceBodies[definition.path] }],
      [`DELETE ${base}`, { body: { ids: [id] } }],
      [`POST ${base}/import`, { query: 'mode=preview', raw: multipartFile(csv, 'probe.csv') }],
    ] as [string, Sample][];
  });
  return Object.fromEntries(entries);
}

const objectIdOfPath = (fx: Fixture, path: string): number | null =>
  fx.resourceIds[(RESOURCES as readonly ResourceDefinition[]).find((definition) => definition.path === path)?.table as keyof Fixture['resourceIds']] ?? null;

/**
 * One request per route that writes or needs a query. Bodies name tree A's objects wherever the route
 * takes a reference, so a caller of another tree must be refused and a caller of tree A gets through.
 * A route that is missing here and cannot be called bare makes the suite fail ("cannot classify").
 */
export function samples(fx: Fixture): Record<string, Sample> {
  const { a } = fx;
  const day = 24 * 3600_000;
  const to = Date.now();
  const from = to - day;
  const range = `from=${from}&to=${to}`;
  const board = { schemaVersion: 1, meta: { name: 'Probe board', description: '' }, elements: {}, layout: { kind: 'grid', spec: { items: [] } } };
  return {
    ...resourceSamples(fx),
    'POST /api/auth/logout': { body: {}, freshSession: true },
    'POST /api/ships/:id/voyages': { body: { code: 'PROBE-V', legs: [probeLeg()] } },
    'PUT /api/ship-voyages/:id': { body: { code: 'ALPHA-V1', note: 'ALPHA voyage', legs: [probeLeg(a.ships.leg)] } },
    'GET /api/ships/:id/cii': { query: 'year=2025' },
    'GET /api/ships/fleet-cii': { query: 'year=2025' },
    'DELETE /api/login-locks': { body: { username: 'alpha_top' } },
    'PUT /api/users/info': { body: { trueName: 'Probe name' } },
    'GET /api/users/check': { query: 'username=alpha_spare' },
    'POST /api/users': {
      body: {
        username: 'probe_user',
        trueName: 'Probe',
        email: 'probe@example.test',
        password: 'Probe!pass123',
        repeatPassword: 'Probe!pass123',
        roles: [a.role],
      },
    },
    'PUT /api/users/:id': { body: { trueName: 'Probe name', roles: [a.role] } },
    'PUT /api/users/:id/password': { body: { password: 'Probe!pass123', repeatPassword: 'Probe!pass123' } },
    'DELETE /api/users': { body: { ids: [fx.alphaSpare2] } },
    'POST /api/roles': { body: { name: 'probe role', type: 1, description: '', users: [fx.alphaSpare] } },
    'PUT /api/roles/:id': { body: { name: 'role_alpha_top', type: 1, description: 'probe', users: [fx.alpha.id] } },
    'DELETE /api/roles': { body: { ids: [a.role] } },
    'PUT /api/routers/roles-auth': { body: { roleId: a.role, routerIds: [] } },
    'POST /api/routers': { body: { path: 'probe', parent: null, type: 'menu', title: 'Probe', icon: null, sort: 0, hidden: false, noRole: false } },
    'PUT /api/routers/:id': {
      params: { id: 1 },
      body: { path: 'probe', parent: null, type: 'menu', title: 'Probe', icon: null, sort: 0, hidden: false, noRole: true },
    },
    'DELETE /api/routers/:id': { params: { id: 1 } },
    'POST /api/login-pages': { body: { edition: 'probe', notes: '', state: 0, domainName: 'probe.example.test', templateName: 'default' } },
    'PUT /api/login-pages/:id': {
      params: { id: 1 },
      body: { edition: 'probe', notes: '', state: 0, domainName: 'probe.example.test', templateName: 'default' },
    },
    'DELETE /api/login-pages/:id': { params: { id: 1 } },
    'DELETE /api/login-pages': { body: { ids: [1] } },
    'PUT /api/site-settings': {
      body: {
        name: 'Probe site',
        logoUrl: '',
        faviconUrl: '',
        defaultLanguage: null,
        themeColor: null,
        readingRetentionDays: null,
        sessionMinutes: null,
        hiddenGroups: [],
      },
    },

    'PUT /api/gateways/:id/mqtt-credentials': { body: { mqttUsername: 'probe-gw', mqttPassword: 'Probe!pass123' } },
    'POST /api/meters/:id/replacements': {
      body: { replacedAt: to - 60_000, oldSerial: 'old', newSerial: 'new', oldFinalReading: null, newInitialReading: 0, note: 'probe' },
    },

    'GET /api/meter-data/series': { query: `meterId=${a.meter}&metric=kwh&${range}` },
    'GET /api/meter-data/history': { query: `meterId=${a.meter}&metric=kwh&${range}` },
    'GET /api/meter-data/latest': { query: `meterId=${a.meter}` },
    'POST /api/meter-data/exports': { body: { meterId: a.meter, metric: 'kwh', from, to, format: 'csv' } },
    // One quarter hour of tree A's meter before any of its readings (data completion).
    'POST /api/data-completions': { body: { meterId: a.meter, from: quarterBefore(from), to: quarterBefore(from) + 900_000, method: 'manual', values: [1] } },
    'POST /api/data-completions/preview': { body: { meterId: a.meter, from: quarterBefore(from), to: quarterBefore(from) + 900_000, method: 'linear' } },
    'GET /api/energy/rollups': { query: `scope=meter&ids=${a.meter}&grain=hour&${range}` },
    'GET /api/energy/ranking': { query: `scope=department&grain=day&${range}` },
    'GET /api/energy/balance': { query: `departmentId=${a.department}&grain=hour&${range}` },
    // Issue 20: band energy and cost of tree A's meter (none stored: an empty list for tree A, 404 for the others).
    'GET /api/band-figures': { query: `scope=meter&ids=${a.meter}&grain=day&from=2026-01-01&to=2026-01-31` },
    'POST /api/quarantine/:id/resolve': { body: { action: 'discard', note: 'probe' } },
    'GET /api/audit-log': { query: `entity=meter&entityId=${a.meter}` },

    'GET /api/alarm-rules/suggest': { query: `meterId=${a.meter}&metric=kw` },
    'POST /api/alarm-rules': { body: { name: 'Probe rule', scope: 'meter', scopeId: a.meter, metric: 'kw', over: 5 } },
    'PUT /api/alarm-rules/:id': { body: { name: 'Probe rule', scope: 'meter', scopeId: a.meter, metric: 'kw', over: 1, enabled: false } },
    'DELETE /api/alarm-rules': { body: { ids: [a.alarmRule] } },
    'POST /api/alarm-records/alarm-total-count': { body: { processingState: [1, 2] } },
    'POST /api/alarm-records/repeat-data-count': { body: { processingState: [1, 2] } },
    'POST /api/alarm-records/acknowledge': { body: { ids: [a.alarmRecord], note: 'probe' } },
    'POST /api/alarm-records/process': { body: { ids: [a.alarmRecord], note: 'probe' } },

    'POST /api/interface-keys': { body: { name: 'Probe key' } },
    'POST /api/interface-keys/activate': { body: { key: a.interfaceKeyText } },

    'POST /api/push-templates': { body: { name: 'Probe template', channel: 'email', subject: 'probe', body: 'probe {{message}}' } },
    'PUT /api/push-templates/:id': { body: { name: 'Probe template', channel: 'email', subject: 'probe', body: 'probe' } },
    'DELETE /api/push-templates': { body: { ids: [a.pushTemplate] } },
    'POST /api/push-templates/preview': { body: { channel: 'email', subject: '{{subject}}', body: '{{message}}', alarmId: a.alarmRecord } },
    'PUT /api/push-template-defaults': { body: { defaults: [] } },
    'POST /api/push-tasks': {
      body: { name: 'Probe task', channel: 'email', kinds: ['device'], departmentId: a.department, templateId: a.pushTemplate, recipientIds: [fx.alphaSpare] },
    },
    'PUT /api/push-tasks/:id': {
      body: { name: 'Probe task', channel: 'email', kinds: ['device'], departmentId: null, templateId: null, recipientIds: [fx.beta.id], enabled: true },
    },
    'DELETE /api/push-tasks': { body: { ids: [a.pushTask] } },
    'POST /api/push-records/resend': { body: { ids: [a.pushRecord] } },
    'PUT /api/push-channels/email': { body: { enabled: true, host: 'smtp.probe.test', port: 25, from: 'probe@example.test' } },
    'PUT /api/push-channels/sms': { body: { enabled: false } },
    'PUT /api/push-channels/wechat': { body: { enabled: false } },
    'POST /api/push-channels/:channel/test': { body: { to: 'probe@example.test' } },
    'PUT /api/push-contacts/:userId': { body: { pushEmails: ['probe@example.test'], pushPhones: [], smsCount: 1 } },

    'POST /api/displays': { body: { name: 'Probe wall', scope: { kind: 'boards', boardIds: [a.board] } } },
    'POST /api/displays/:id/show': { body: { boardId: a.board } },
    'POST /api/kiosk/heartbeat': { body: { boardId: a.board, resolution: '1920x1080', version: 'probe' } },
    'POST /api/playlists': { body: { name: 'Probe playlist', entries: [{ boardId: a.board, seconds: 30 }] } },
    'PUT /api/playlists/:id': { body: { name: 'Probe playlist', entries: [{ boardId: a.board, seconds: 30 }] } },
    'POST /api/boards': { body: { document: board } },
    'PUT /api/boards/:id': { body: { document: board, revision: 1 } },
    'PUT /api/boards/:id/viewers': { body: { userIds: [fx.beta.id] } },
    'POST /api/boards/:id/review/decide': { body: { approve: false, comment: 'probe' } },
    'POST /api/sprites': { body: { name: 'Probe sprite', picture: `/api/files/${a.fileName}`, icons: [] } },
    'PUT /api/sprites/:id': { body: { name: 'Probe sprite', picture: `/api/files/${a.fileName}`, icons: [] } },
    'POST /api/files': { raw: { payload: Buffer.from('not a picture'), contentType: 'image/png' } },

    'PUT /api/contact-details': { body: { company: 'Probe company', email: 'probe@example.test' } },
    'POST /api/contact-messages': { body: { name: 'Probe', email: 'probe@example.test', subject: 'Probe', message: 'Probe message' } },
    'PUT /api/contact-messages/:id/handled': { body: { handled: true } },
    'GET /api/help/search': { query: 'language=en&keyword=ALPHA' },
    'GET /api/announcements/active': { query: 'audience=home' },

    'POST /api/forward-endpoints': { body: { name: 'Probe endpoint', url: 'http://127.0.0.1:9/probe', meterIds: [a.meter], departmentIds: [a.department] } },
    'PUT /api/forward-endpoints/:id': { body: { name: 'Probe endpoint', url: 'http://127.0.0.1:9/probe', meterIds: [a.meter], departmentIds: [] } },

    'GET /api/tariff-assignments/effective': { query: `target=meter&targetId=${a.meter}` },
    'POST /api/tariffs': { body: { name: 'Probe tariff', energyType: 'electricity' } },
    'PUT /api/tariffs/:id': { body: { name: 'Probe tariff', energyType: 'electricity', currency: 'CNY', note: 'probe' } },
    'POST /api/tariffs/:id/versions': { body: { validFrom: '2030-01-01', validTo: null, definition: TARIFF_DEFINITION, note: 'probe' } },
    'PUT /api/tariff-versions/:id': { body: { validFrom: '2026-01-01', validTo: null, definition: TARIFF_DEFINITION, note: 'probe' } },
    'POST /api/tariff-assignments': { body: { tariffId: a.tariff, target: 'meter', targetId: a.meter } },

    'GET /api/settlement': { query: 'month=2026-01' },
    'POST /api/settlement-closes': { body: { month: '2026-01' } },
    'POST /api/prepaid/deductions/run': { body: {} },
    // Bills of a finished month (tree A's account opened after it: nothing to issue) and statistics over a month.
    'POST /api/prepaid/bills/issue': { body: { month: '2026-01' } },
    'GET /api/prepaid/stats/consumption': { query: 'from=2026-01-01&to=2026-01-31&by=room' },
    'GET /api/prepaid/stats/charging': { query: 'from=2026-01-01&to=2026-01-31&by=operator' },
    'GET /api/prepaid/stats/bills': { query: 'from=2025-12&to=2026-01' },
    // Opens tree A's room made from the room resource's sample (the prepaid fixture's room has its account already).
    'POST /api/prepaid/accounts': {
      body: { roomId: fx.resourceIds.rooms, alarm1Minor: 5000, alarm2Minor: 1000, items: [{ kind: 'fixed_daily', name: 'Probe fee', amountMinor: 100 }] },
    },
    'POST /api/prepaid/accounts/:id/adjustments': { body: { amountMinor: 100, reason: 'Probe correction' } },
    // Keep-supply on tree A's account (no command: the fixture's room has no gateway meter to cut or restore).
    'POST /api/prepaid/supply': { body: { accountIds: [a.prepaid.account], action: 'keepOn', reason: 'Probe keep-supply' } },
    'POST /api/prepaid/items': { body: { accountId: a.prepaid.account, kind: 'fixed_monthly', name: 'Probe property fee', amountMinor: 500 } },
    'POST /api/settlement-closes/:id/reopen': { body: { reason: 'Probe reopen' } },
    // Top-ups, refunds and reconciliation name tree A's account and payment; the run and cash-up use a past day.
    'POST /api/prepaid/payments/counter': { body: { accountId: a.prepaid.account, amountMinor: 100, channel: 'cash', note: 'Probe' } },
    'POST /api/prepaid/payments/:id/refunds': { body: { amountMinor: 1, reason: 'Probe refund' } },
    'POST /api/prepaid/reconciliation/run': { body: { day: '2025-12-01' } },
    'POST /api/prepaid/reconciliation/items/:id/resolve': { body: { resolution: 'Probe resolution' } },
    'POST /api/prepaid/cash-ups': { body: { day: '2025-12-01', declaredMinor: 0 } },
    // Unsigned notifications: refused with SIGNATURE_INVALID, nothing credited.
    'POST /api/pay/wechat/notify': { body: { event_type: 'TRANSACTION.SUCCESS', resource: {} } },
    'POST /api/pay/wechat/refund-notify': { body: { event_type: 'REFUND.SUCCESS', resource: {} } },
    // WeChat settings are saved disabled, so no keys are needed; a binding names tree A's member.
    'PUT /api/wx/app': { body: { appId: 'wxprobe', mchId: '1900000000', enabled: false } },
    'POST /api/wx/users/:id/bind': { body: { memberId: a.prepaid.member } },
    // Member routes name tree A's account and payment; without a member token they give nothing.
    'POST /api/member/code': { body: { phone: '13800000001' } },
    'POST /api/member/login': { body: { phone: '13800000001', code: '000000' } },
    'POST /api/member/wechat-login': { body: { openid: 'ALPHA-OPENID' } },
    'GET /api/member/rooms/:accountId/usage': { params: { accountId: a.prepaid.account } },
    'GET /api/member/rooms/:accountId/bills': { params: { accountId: a.prepaid.account } },
    'POST /api/member/rooms/:accountId/topups': { params: { accountId: a.prepaid.account }, body: { amountMinor: 100 } },
    'GET /api/member/payments/:outTradeNo': { params: { outTradeNo: 'ALPHA-PAY-1' } },
    // Public report sheets: the suite calls them with a token no link has (tree A's own token would show tree A's sheet, by design).
    'GET /api/report-sheets/:token': { params: { token: 'no-such-report-link' } },
    'GET /api/report-sheets/:token/file': { params: { token: 'no-such-report-link' } },
    'POST /api/report-links': { body: { target: 'run', runId: a.reports.run } },
    // Utility-bill analysis: a template body, and an upload with tree A's template and meter (an empty page: noText).
    'POST /api/bill-templates': { body: { name: 'Probe bill', rules: { fields: [{ field: 'totalAmount', label: 'Total' }] } } },
    'PUT /api/bill-templates/:id': { body: { name: 'Probe bill', rules: { fields: [{ field: 'totalAmount', label: 'Total' }] } } },
    'POST /api/bill-analyses': {
      raw: billUpload(EMPTY_PAGE_PDF, 'probe.pdf', { templateId: String(a.reports.billTemplate), targets: JSON.stringify({ scope: 'meter', ids: [a.meter] }) }),
    },
    'PUT /api/bill-analyses/:id': { body: { targets: { scope: 'meter', ids: [a.meter] } } },
    'POST /api/apportion-rules': {
      body: {
        name: 'Probe rule',
        energyType: 'electricity',
        sourceDepartmentId: a.department,
        method: 'fixed',
        shares: [{ departmentId: a.department, value: 1 }],
      },
    },
    'PUT /api/apportion-rules/:id': {
      body: {
        name: 'Probe rule',
        energyType: 'electricity',
        sourceDepartmentId: a.department,
        method: 'fixed',
        shares: [{ departmentId: a.department, value: 1 }],
      },
    },
    'POST /api/settlement-exports': { body: { month: '2026-01', format: 'csv' } },
    // A production device's day and its days (tree A's device from the resource's sample).
    'GET /api/production-devices/:id/day': { query: 'day=2026-01-15' },
    'GET /api/production-devices/:id/days': { query: 'from=2026-01-01&to=2026-01-31' },

    // Imported against metered: tree A's meter (a tolerance of tree A's meter; tree B's caller is told there is no such meter).
    'GET /api/power-comparison': { query: `objectType=meter&objectId=${a.meter}&grain=day&from=2026-01-05&to=2026-01-06` },
    'PUT /api/power-comparison/tolerances': { body: { objectType: 'meter', objectId: a.meter, tolerancePercent: 7.5 } },
    // Imported power and fuel: an upload naming no meter of tree A's, a preview and an import of tree A's upload; the fuel
    // routes by id name tree A's fuel upload and batch (the power ones are the kinds' default ids).
    'POST /api/power-imports/uploads': { raw: multipartFile(probeImportCsv('PROBE-M'), 'probe.csv') },
    'POST /api/fuel-imports/uploads': { raw: multipartFile(probeImportCsv('PROBE-M'), 'probe.csv') },
    'POST /api/power-imports/preview': { body: { uploadId: a.powerImports.powerUpload, mapping: PROBE_POWER_MAPPING } },
    'POST /api/power-imports/batches': { body: { uploadId: a.powerImports.powerUpload, mapping: PROBE_POWER_MAPPING } },
    'POST /api/fuel-imports/preview': { body: { uploadId: a.powerImports.fuelUpload, mapping: PROBE_FUEL_MAPPING } },
    'POST /api/fuel-imports/batches': { body: { uploadId: a.powerImports.fuelUpload, mapping: PROBE_FUEL_MAPPING } },
    'GET /api/fuel-imports/uploads/:id': { params: { id: a.powerImports.fuelUpload } },
    'GET /api/fuel-imports/batches/:id': { params: { id: a.powerImports.fuelBatch } },
    'GET /api/fuel-imports/batches/:id/errors': { params: { id: a.powerImports.fuelBatch } },
    'GET /api/fuel-imports/batches/:id/rows': { params: { id: a.powerImports.fuelBatch } },
    'DELETE /api/fuel-imports/batches/:id': { params: { id: a.powerImports.fuelBatch } },
    'GET /api/fuel-imports/summary': { query: 'from=2026-01-01&to=2026-01-31' },
    'POST /api/fuel-factors': { body: PROBE_FUEL_FACTOR },
    'PUT /api/fuel-factors/:id': { body: { ...PROBE_FUEL_FACTOR, validFrom: '2030-01-01' } },
    'GET /api/calendar-days': { query: 'year=2031' },
    'PUT /api/calendar-days/:day': { params: { day: '2031-06-02' }, body: { dayType: 'holiday', name: 'Probe day' } },
    'DELETE /api/calendar-days/:day': { params: { day: '2031-06-02' } },
    'POST /api/calendar-days/import': { body: { csv: 'day,type,name\n2031-06-03,holiday,Probe\n', dryRun: true } },
    'POST /api/shift-templates': { body: { name: 'Probe shift', start: '06:00', end: '14:00' } },
    'PUT /api/shift-templates/:id': { body: { name: 'Probe shift', start: '06:00', end: '14:00' } },
    'POST /api/shift-teams': { body: { name: 'Probe team' } },
    'PUT /api/shift-teams/:id': { body: { name: 'Probe team' } },
    'GET /api/shift-rota': { query: `departmentId=${a.department}&from=2026-01-05&to=2026-01-05` },
    'PUT /api/shift-rota': { body: { departmentId: a.department, day: '2026-01-06', slots: [{ shiftId: a.shiftTemplate, teamId: a.shiftTeam }] } },
    'POST /api/shift-rota/fill': {
      body: { departmentId: a.department, from: '2026-01-07', to: '2026-01-08', pattern: [{ shiftId: a.shiftTemplate, teamIds: [a.shiftTeam] }] },
    },
    'GET /api/shift-energy': { query: `departmentId=${a.department}&from=2026-01-05&to=2026-01-05` },
    // Production lines: analytics over one day of tree A's line (from the resource sample), its meter at 0.5, a baseline.
    'GET /api/production/lines/:id/sec': { query: 'from=2026-01-05&to=2026-01-05&period=day' },
    'GET /api/production/lines/:id/shifts': { query: 'from=2026-01-05&to=2026-01-05' },
    'GET /api/production/lines/:id/baseline': { query: 'from=2026-01-05&to=2026-01-05' },
    'GET /api/production/lines/:id/cost': { query: 'from=2026-01-05&to=2026-01-05' },
    'GET /api/production/board': { query: 'from=2026-01-05&to=2026-01-05' },
    'PUT /api/production/lines/:id/meters': { body: { meters: [{ meterId: a.meter, ratio: 0.5 }] } },
    'PUT /api/production/lines/:id/baseline': { body: { from: '2025-12-01', to: '2025-12-31' } },
    'PUT /api/production/lines/:id/target': { body: { targetSecKwh: 2.5 } },
    'POST /api/ingest/output': { body: { records: [{ line: 'NO-LINE', product: 'NO-PRODUCT', day: '2026-01-05', shift: null, quantity: 1, reference: '' }] } },

    'GET /api/month-registers': { query: `month=2026-01&departmentId=${a.department}` },
    'GET /api/month-registers/export': { query: `month=2026-01&departmentId=${a.department}&format=csv&lang=en` },
    // Tree A's meter reads through its gateway, so tree A's callers are refused with 40000 (only manual meters take typed registers).
    'PUT /api/month-registers': { body: { meterId: a.meter, month: '2026-01', band: 'total', startRegister: 1, endRegister: 2, reason: 'Probe' } },
    // Report definitions and the preview: a meter energy report of tree A's meter.
    'POST /api/report-definitions': {
      body: { name: 'Probe report', spec: { objects: { kind: 'meter', ids: [a.meter] }, columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }] } },
    },
    'PUT /api/report-definitions/:id': {
      body: { name: 'Probe report', spec: { objects: { kind: 'meter', ids: [a.meter] }, columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }] } },
    },
    'POST /api/report-preview': {
      body: { spec: { objects: { kind: 'meter', ids: [a.meter] }, columns: [{ id: 'energy', kind: 'metric', metric: 'energy' }] } },
    },
    // Report runs and schedules name tree A's definition.
    'POST /api/report-runs': { body: { definitionId: a.reports.definition, format: 'csv' } },
    'PUT /api/report-settings': { body: { retentionDays: 90 } },
    'POST /api/report-schedules': {
      body: { definitionId: a.reports.definition, name: 'Probe schedule', cadence: 'daily', formats: ['csv'], recipients: ['probe@example.test'] },
    },
    'PUT /api/report-schedules/:id': {
      body: { definitionId: a.reports.definition, name: 'Probe schedule', cadence: 'daily', formats: ['csv'], recipients: ['probe@example.test'] },
    },
  };
}

/** The quarter hour a day before `ts` (data completion samples: ended, on the 15-minute grid). */
const quarterBefore = (ts: number): number => Math.floor((ts - 86_400_000) / 900_000) * 900_000;
