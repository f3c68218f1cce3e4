import type { FastifyInstance } from 'fastify';
import { BILL_TEMPLATE_PRESETS, billTemplateBodySchema, type BillBand } from '@shared/reports/billSchemas';
import type { ReportTemplateKey } from '@shared/reports/constants';
import { resolvePeriod } from '@shared/reports/periods';
import { reportLinkBodySchema, reportScheduleBodySchema } from '@shared/reports/scheduleSchemas';
import { reportDefinitionBodySchema } from '@shared/reports/spec';
import { REPORT_TEMPLATES } from '@shared/reports/templates';
import { readBandFigures } from '../tariffs/bandFigures';
import { claimSeed } from '../seed/seedOnce';
import { ownerScopeOfUser, ownerTreeOf } from '../tenancy/ownerScope';
import { BillAnalyses } from './bills/billAnalyses';
import { bandAmount, writeBillPdf, type BillFiguresInput } from './bills/billPdfWriter';
import { ReportDefinitions } from './definitions';

/** Its key in seeded_samples: claimed by the simulator's start after the backfill (test apps seed no reports). */
export const DEMO_REPORTS_KEY = 'demo-reports';
/** The site's main incomer (demoOrganisation.ts: Main Plant's main meter), whose last month the demo bills are made from. */
export const DEMO_BILL_METER = 'M001';
/** The demo utility's account number printed on its bills. */
export const DEMO_BILL_ACCOUNT = '3301009527';
/** The bills' basic (capacity) charge: 1,250 kVA × 30.00 CNY. */
export const DEMO_BILL_DEMAND_CHARGE = 37_500;
/** How far the wrong bill's total is off, in minor units (1,000.00 CNY too much). */
export const DEMO_BILL_TOTAL_ERROR_MINOR = 100_000;
export const DEMO_LINK_LABEL = "For the tenants' committee";
export const DEMO_REVOKED_LINK_LABEL = 'Draft sent to the wrong address';
export const DEMO_RECIPIENT = 'energy-manager@example.com';

/** One definition per shipped template, named as a site would name them. */
export const DEMO_DEFINITIONS: Record<ReportTemplateKey, { name: string; description: string }> = {
  dailyEnergy: { name: 'Daily energy', description: "Every department's electricity, day by day, with the period's total" },
  monthlyDepartmentCost: {
    name: 'Monthly department energy and cost',
    description: "Each department's electricity and cost, its share of the cost and the change on last year",
  },
  bandStatement: { name: 'Time-of-use band statement', description: 'Sharp, peak, flat and valley energy and cost per department' },
  meterReadings: { name: 'Meter readings', description: 'Registers at the start and end of the month, the energy between and the largest demand' },
  alarmSummary: { name: 'Alarm summary', description: 'Alarms per meter and kind, with subtotals per department' },
  roomStatement: { name: 'Prepaid room statement', description: "The tenants' rooms: energy, charges, top-ups and the balance at the month's end" },
  fleetFuel: { name: 'Fleet fuel and CO₂', description: "Each ship's fuel, CO₂ and distance in the month, CO₂ per nautical mile and the change on last year" },
};

/** The bill's bands, in the order the Chinese template reads them (a bill always prints all four, 0 when unused). */
const BILL_BANDS_PRINTED = ['sharp', 'peak', 'flat', 'valley'] as const satisfies readonly BillBand[];

export interface DemoReportsMade {
  definitions: number;
  schedules: number;
  runs: number;
  bills: number;
  /** the public sheet's address (its token appears here only) */
  linkUrl: string | null;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The reports demo, once (key `demo-reports`), after the simulator's backfill: a definition per template, the two
 * schedules, last month's files queued through the runs (the runner makes them), a public link to the monthly PDF
 * and a revoked one, and two analysed bills of the main incomer's last month (one right, one with a wrong total).
 * Everything belongs to the admin's tree and goes through each part's own service. Null when there is no demo
 * (SEED_DEMO=off) or it was made before.
 */
export async function createDemoReports(app: FastifyInstance, options: { now?: number; log?: Log; runWaitMs?: number } = {}): Promise<DemoReportsMade | null> {
  const db = app.storage.db;
  const now = options.now ?? Date.now();
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
  if (!admin) return null;
  const incomer = await db.selectFrom('meters').select('id').where('code', '=', DEMO_BILL_METER).where('owner_user_id', '=', admin.id).executeTakeFirst();
  if (!incomer) return null;
  if (!(await claimSeed(db, DEMO_REPORTS_KEY))) return null;
  // The bills read last month's band rollups: an upgraded site repricing its history finishes that first.
  const deadline = Date.now() + (options.runWaitMs ?? 10 * 60_000);
  while (Date.now() < deadline && (await db.selectFrom('recompute_jobs').select('id').where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst()))
    await sleep(2_000);
  const scope = await ownerScopeOfUser(db, admin.id);
  const actor = { userId: admin.id, scope };

  const definitions = new ReportDefinitions(db);
  const ids = {} as Record<ReportTemplateKey, number>;
  for (const key of Object.keys(DEMO_DEFINITIONS) as ReportTemplateKey[]) {
    const body = reportDefinitionBodySchema.parse({ ...DEMO_DEFINITIONS[key], template: key, spec: REPORT_TEMPLATES[key] });
    ids[key] = (await definitions.create(body, actor, now)).id;
  }

  const schedules = app.reports.schedules;
  const daily = await schedules.create(
    scope,
    admin.id,
    reportScheduleBodySchema.parse({
      definitionId: ids.dailyEnergy,
      name: 'Daily energy at 07:00',
      cadence: 'daily',
      time: '07:00',
      period: { preset: 'yesterday' },
      formats: ['xlsx'],
      recipients: [DEMO_RECIPIENT],
    }),
    now,
  );
  await schedules.create(
    scope,
    admin.id,
    reportScheduleBodySchema.parse({
      definitionId: ids.monthlyDepartmentCost,
      name: 'Monthly cost report',
      cadence: 'monthly',
      monthDay: 1,
      time: '08:00',
      period: { preset: 'lastMonth' },
      formats: ['pdf', 'xlsx'],
      recipients: [DEMO_RECIPIENT],
    }),
    now,
  );

  // Queued now, made by this process's runner while the bills are written.
  const runs = app.reports.runs;
  const monthlyPdf = await runs.create(scope, admin.id, { definitionId: ids.monthlyDepartmentCost, format: 'pdf' }, now);
  await runs.create(scope, admin.id, { definitionId: ids.monthlyDepartmentCost, format: 'xlsx' }, now);
  await runs.create(scope, admin.id, { definitionId: ids.bandStatement, format: 'pdf' }, now);
  // Yesterday's daily energy as the schedule's own run: its e-mail is attempted like a slot's (and, with no
  // e-mail channel set up yet, fails with that reason on the deliveries list).
  const dailyRuns = await schedules.runNow(daily.id, admin.id, now);

  const bills = await createDemoBills(app, admin.id, incomer.id, now);

  let linkUrl: string | null = null;
  if (await waitDone(app, monthlyPdf.id, options.runWaitMs ?? 10 * 60_000)) {
    const links = app.reports.links;
    const link = await links.create(
      scope,
      reportLinkBodySchema.parse({ target: 'run', runId: monthlyPdf.id, label: DEMO_LINK_LABEL, expiresInDays: 30 }),
      { userId: admin.id },
      now,
    );
    linkUrl = link.url ?? null;
    const draft = await links.create(
      scope,
      reportLinkBodySchema.parse({ target: 'run', runId: monthlyPdf.id, label: DEMO_REVOKED_LINK_LABEL, expiresInDays: 7 }),
      { userId: admin.id },
      now,
    );
    await links.revoke(draft.id, admin.id, now);
  } else {
    options.log?.warn(`demo: the monthly report ${monthlyPdf.id} was not done in time, so it has no public link`);
  }
  return { definitions: Object.keys(ids).length, schedules: 2, runs: 3 + dailyRuns.length, bills, linkUrl };
}

/** Waits for a run to end; true when it is done. */
async function waitDone(app: FastifyInstance, runId: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const run = await app.reports.runs.view(runId);
    if (run.state === 'done') return true;
    if (run.state === 'failed' || run.state === 'cancelled' || Date.now() >= deadline) return false;
    await sleep(500);
  }
}

/**
 * The demo utility's bill of the main incomer's last month, from its metered band energy (deep valley, which this
 * utility does not bill apart, counted as valley) at the Industrial TOU prices, each band's energy printed to 2
 * decimals as a bill does. The template is the Chinese preset; the wrong bill adds 1,000.00 to its total.
 */
export async function demoBillFigures(app: FastifyInstance, adminId: number, meterId: number, now: number): Promise<BillFiguresInput> {
  const db = app.storage.db;
  const { from, to } = resolvePeriod({ preset: 'lastMonth' }, app.serverConfig.timeZone, now);
  const tree = await ownerTreeOf(db, adminId);
  const figures = await readBandFigures(db, [...tree.owners], {
    scope: 'meter',
    ids: [meterId],
    energyType: 'electricity',
    grain: 'month',
    from: from.slice(0, 7),
    to: from.slice(0, 7),
  });
  const energy: Record<(typeof BILL_BANDS_PRINTED)[number], number> = { sharp: 0, peak: 0, flat: 0, valley: 0 };
  const price: Record<(typeof BILL_BANDS_PRINTED)[number], number> = { sharp: 1.2345, peak: 1.0123, flat: 0.6321, valley: 0.3012 };
  for (const figure of figures) {
    const band = figure.band === 'deepValley' ? 'valley' : figure.band;
    energy[band] += figure.energy;
    // The utility's price is the tariff's (micro-units per kWh), where the band was priced.
    if (figure.priceMicro !== null && figure.band !== 'deepValley') price[band] = figure.priceMicro / 1_000_000;
  }
  return {
    lang: 'zh',
    account: DEMO_BILL_ACCOUNT,
    periodStart: from,
    periodEnd: to,
    demandCharge: DEMO_BILL_DEMAND_CHARGE,
    bands: BILL_BANDS_PRINTED.map((band) => ({ band, energy: Math.round(energy[band] * 100) / 100, price: price[band] })),
  };
}

async function createDemoBills(app: FastifyInstance, adminId: number, meterId: number, now: number): Promise<number> {
  const db = app.storage.db;
  const scope = await ownerScopeOfUser(db, adminId);
  const bills = new BillAnalyses(db);
  const preset = BILL_TEMPLATE_PRESETS.find((candidate) => candidate.key === 'stateGridZh')!;
  const template = await bills.createTemplate(
    scope,
    billTemplateBodySchema.parse({ name: `${preset.name}（演示供电公司）`, utility: '国网某某供电公司', rules: preset.rules }),
    now,
  );
  const figures = await demoBillFigures(app, adminId, meterId, now);
  const rightMinor =
    figures.bands.reduce((sum, band) => sum + Math.round(bandAmount(band.energy, band.price) * 100), 0) + Math.round(figures.demandCharge * 100);
  const month = figures.periodStart.slice(0, 7);
  const targets = { scope: 'meter' as const, ids: [meterId] };
  await bills.analyse(scope, adminId, { fileName: `demo-bill-${month}.pdf`, bytes: await writeBillPdf(figures), templateId: template.id, targets }, now);
  const wrong = { ...figures, totalAmount: (rightMinor + DEMO_BILL_TOTAL_ERROR_MINOR) / 100 };
  await bills.analyse(
    scope,
    adminId,
    { fileName: `demo-bill-${month}-wrong-total.pdf`, bytes: await writeBillPdf(wrong), templateId: template.id, targets },
    now + 1,
  );
  return 2;
}
