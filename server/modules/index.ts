import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes';
import { authRoutes } from './auth/routes';
import { userRoutes } from './users/routes';
import { routerRoutes } from './routers/routes';
import { resourceModule } from '../resources/routes';
import { interfaceKeyRoutes } from './interfaces/keyRoutes';
import { ingestRoutes } from './interfaces/ingestRoutes';
import { energyRoutes } from './energy/routes';
import { alarmRoutes } from './alarms/routes';
import { pushRoutes } from './pushes/routes';
import { boardRoutes } from './boards/routes';
import { displayRoutes } from './displays/routes';
import { liveDataRoutes } from './liveData/routes';
import { roleRoutes } from './roles/routes';
import { loginPageRoutes } from './loginPages/routes';
import { fileRoutes } from './files/routes';
import { spriteRoutes } from './sprites/routes';
import { inquiryRoutes } from '../inquiry/routes';
import { siteSettingsRoutes } from '../siteSettings/routes';
import { forwardingRoutes } from '../forwarding/routes';
import { monthRegisterRoutes } from './monthRegisters/routes';
import { tariffRoutes } from './tariffs/routes';
import { bandFigureRoutes } from './bandFigures/routes';
import { completionRoutes } from './completion/routes';
import { calendarRoutes } from './calendar/routes';
import { shiftRoutes } from './shifts/routes';
import { settlementRoutes } from './settlement/routes';
import { wallTariffRoutes } from './wallTariff/routes';
import { prepaidAccountRoutes } from './prepaidAccounts/routes';
import { reportDefinitionRoutes } from './reportDefinitions/routes';
import { prepaidPaymentRoutes } from './prepaidPayments/routes';
import { prepaidBillRoutes } from './prepaidBills/routes';
import { prepaidDeductionRoutes } from './prepaidDeductions/routes';
import { memberPortalRoutes } from './memberPortal/routes';
import { wechatRoutes } from './wechat/routes';
import { prepaidSupplyRoutes } from './prepaidSupply/routes';
import { reportLinkRoutes } from './reportLinks/routes';
import { reportRunRoutes } from './reportRuns/routes';
import { reportScheduleRoutes } from './reportSchedules/routes';
import { billAnalysisRoutes } from './billAnalysis/routes';
import { reportWallRoutes } from './reportWall/routes';
import { productionRoutes } from './production/routes';
import { shipRoutes } from './ships/routes';
import { powerComparisonRoutes } from './powerComparison/routes';
import { productionDeviceRoutes } from './productionDevices/routes';
import { powerImportRoutes } from './powerImports/routes';

/** Every API module, mounted under /api. Add a module: a folder with routes.ts, then one line here. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  routerRoutes,
  resourceModule,
  interfaceKeyRoutes,
  ingestRoutes,
  energyRoutes,
  alarmRoutes,
  pushRoutes,
  boardRoutes,
  displayRoutes,
  liveDataRoutes,
  roleRoutes,
  loginPageRoutes,
  fileRoutes,
  spriteRoutes,
  forwardingRoutes,
];
// A domain folder outside modules/ (server/siteSettings), on a line of its own.
apiModules.push(siteSettingsRoutes);
// The inquiry domain (server/inquiry): announcements' audiences, help search, contact details and messages.
apiModules.push(inquiryRoutes);
// The monthly meter register record (/settlement/power-month-record).
apiModules.push(monthRegisterRoutes);
// The working calendar (a platform setting) and shifts, teams, rota and shift energy.
apiModules.push(calendarRoutes, shiftRoutes);
// Data completion (gaps, completions, undo, estimates replaced by late real readings).
apiModules.push(completionRoutes);
// Settlement (figures, month closes, apportionment rules, exports).
apiModules.push(settlementRoutes);
// Energy and cost per time-of-use band, and the recompute jobs' progress (server/tariffs).
apiModules.push(bandFigureRoutes);
// Tariffs, their effective-dated versions and assignments (server/tariffs/tariffStore.ts).
apiModules.push(tariffRoutes);
// The wall's tariff widgets: GET /api/tariffs/current-band and the tariff:* / shifts:energy:* channels.
apiModules.push(wallTariffRoutes);
// Prepaid supply control: cut-off, restore and keep-supply by hand, and the command log.
apiModules.push(prepaidSupplyRoutes);
// The member page's API (/api/member/*) and the WeChat app and users (/api/wx/*).
apiModules.push(memberPortalRoutes, wechatRoutes);
// Utility-bill PDF analysis (/settings/analyzePdf): extraction templates and analyses (server/reports/bills).
apiModules.push(billAnalysisRoutes);
// Prepaid: the hourly deduction's record and a run on demand (server/prepaid/deduction).
apiModules.push(prepaidDeductionRoutes);
// Prepaid bills, payment statistics and the wall's prepaid figures (server/prepaid/bills, server/prepaid/stats).
apiModules.push(prepaidBillRoutes);
// Prepaid top-ups, refunds, the provider's notifications and reconciliation (server/prepaid/payments, reconciliation).
apiModules.push(prepaidPaymentRoutes);
// Prepaid accounts of rooms, their charging items, ledger reads, adjustments and the ledger check (server/prepaid/accounts).
apiModules.push(prepaidAccountRoutes);
// Reports: generated files (jobs), their retention, schedules and e-mail deliveries (server/reports/runs, schedules, delivery).
apiModules.push(reportRunRoutes, reportScheduleRoutes);
// Public report sheets: sharing links (/report/reportList) and the public sheet and its file (server/reports/links).
apiModules.push(reportLinkRoutes);
// Report definitions, the shipped templates, the preview and a definition's web view (server/reports/engine).
apiModules.push(reportDefinitionRoutes);
// The wall's report-table widget: a definition's live table on the report:*:table:* channels (server/modules/reportWall).
apiModules.push(reportWallRoutes);
// Production devices: a device's states, running hours and idle energy by day, and the idle-energy wall channel.
apiModules.push(productionDeviceRoutes);
// Imported against metered: comparison and tolerances (server/powerComparison; the sweep is app.powerComparison).
apiModules.push(powerComparisonRoutes);
// Ships: voyages and legs, CII per year and over the years, EEOI, the fleet's ratings and its wall channel (server/ships).
apiModules.push(shipRoutes);
// Production lines: line meters, SEC, shifts, baseline and savings, cost per unit, the board and line-sec channel, output ingest (server/production).
apiModules.push(productionRoutes);
// Imported power and fuel: uploads, mapping preview, import batches with undo, fuel factors and the fuel summary (server/powerImports).
apiModules.push(powerImportRoutes);
