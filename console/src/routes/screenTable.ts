import { lazy } from 'react';
import type { ScreenMeta } from './screenRoutes';
import type { ScreenDef } from './screenDef';
import { ALARMS_SCREENS } from '../pages/alarms/screens';
import { PUSHES_SCREENS } from '../pages/pushes/screens';
import { BOARDS_SCREENS } from '../pages/boards/screens';
import { BOARD_LIST_SCREENS } from '../pages/boardScreens/screens';
import { SPRITE_SCREENS } from '../pages/sprites/screens';
import { WEB_SERVICE_SCREENS } from '../pages/webService/screens';
import { INQUIRY_SCREENS } from '../pages/inquiry/screens';
import { TARIFFS_SCREENS } from '../pages/tariffs/screens';
import { SHIFT_SCREENS } from '../pages/shifts/screens';
import { COMPLETION_SCREENS } from '../pages/completion/screens';
import { SETTLEMENT_SCREENS } from '../pages/settlement/screens';
import { PREPAID_PAYMENT_SCREENS } from '../pages/prepaidPayments/screens';
import { PAYMENT_STATISTICS_SCREENS } from '../pages/paymentStatistics/screens';
import { RESOURCE_SCREENS } from '../resources/resourceScreens';
import { MONTH_REGISTER_SCREENS } from '../pages/monthRegisters/screens';
import { BILL_ANALYSIS_SCREENS } from '../pages/billAnalysis/screens';
import { METER_CHECK_SCREENS } from '../pages/meterChecks/screens';
import { PREPAID_SCREENS } from '../pages/prepaid/screens';
import { WECHAT_SCREENS } from '../pages/wechat/screens';
import { REPORTS_SCREENS } from '../pages/reports/screens';
import { PRODUCTION_DEVICE_SCREENS } from '../pages/productionDevices/screens';
import { POWER_COMPARISON_SCREENS } from '../pages/powerComparison/screens';
import { POWER_IMPORT_SCREENS } from '../pages/powerImports/screens';
import { PRODUCTION_CONSOLE_SCREENS } from '../pages/production/screens';
import { SHIPS_SCREENS } from '../pages/ships/screens';

/**
 * Menu full path → its screen. Every permitted menu entry gets a route (screenRoutes.ts); a path
 * listed here renders its own lazy component instead of the placeholder. Add a line per new screen.
 */
export const SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/dashboard': {
    component: lazy(() => import('../pages/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage }))),
    // Spec §2: the dashboard is pinned and not cached.
    affix: true,
    noCache: true,
  },
  // Resource screens: every shared/resources definition with `screen: true` (console/src/resources/resourceScreens.ts).
  ...RESOURCE_SCREENS,
  // Administration.
  '/settings/user': { component: lazy(() => import('../pages/users/UsersPage').then((m) => ({ default: m.UsersPage }))) },
  '/settings/roles': { component: lazy(() => import('../pages/roles/RolesPage').then((m) => ({ default: m.RolesPage }))) },
  '/settings/router': { component: lazy(() => import('../pages/menus/MenusPage').then((m) => ({ default: m.MenusPage }))) },
  '/settings/loginPageSet': { component: lazy(() => import('../pages/loginPages/LoginPagesPage').then((m) => ({ default: m.LoginPagesPage }))) },
  '/settings/superConfig': { component: lazy(() => import('../pages/siteSettings/SiteSettingsPage').then((m) => ({ default: m.SiteSettingsPage }))) },
  '/base/device': { component: lazy(() => import('../pages/deviceAdmin/DeviceAdminPage').then((m) => ({ default: m.DeviceAdminPage }))) },
  '/base/check': { component: lazy(() => import('../pages/dataCheck/DataCheckPage').then((m) => ({ default: m.DataCheckPage }))) },
  '/devices/depart': { component: lazy(() => import('../pages/resources/DepartmentTreePage').then((m) => ({ default: m.DepartmentTreePage }))) },
  '/others/basic': { component: lazy(() => import('../pages/analysis/basic/BasicStatsPage').then((m) => ({ default: m.BasicStatsPage }))) },
  '/others/electricEnergy': {
    component: lazy(() => import('../pages/analysis/electricEnergy/ElectricEnergyPage').then((m) => ({ default: m.ElectricEnergyPage }))),
  },
  '/others/electricBalance': {
    component: lazy(() => import('../pages/analysis/electricBalance/ElectricBalancePage').then((m) => ({ default: m.ElectricBalancePage }))),
  },
  '/devices/departRecord': { component: lazy(() => import('../pages/analysis/departRecord/DepartRecordPage').then((m) => ({ default: m.DepartRecordPage }))) },
  '/base/meterData': { component: lazy(() => import('../pages/meterData/MeterDataPage').then((m) => ({ default: m.MeterDataPage }))) },
  '/thirdinterfaces/generic-interfaces': {
    component: lazy(() => import('../pages/integrations/InterfaceKeysPage').then((m) => ({ default: m.InterfaceKeysPage }))),
  },
  ...ALARMS_SCREENS,
  ...PUSHES_SCREENS,
  ...INQUIRY_SCREENS,
  ...BOARDS_SCREENS,
  ...BOARD_LIST_SCREENS,
  ...SPRITE_SCREENS,
  ...WEB_SERVICE_SCREENS,
  // The monthly meter register record and meter checks and repairs.
  ...MONTH_REGISTER_SCREENS,
  ...BILL_ANALYSIS_SCREENS,
  ...METER_CHECK_SCREENS,
  ...TARIFFS_SCREENS,
  ...SHIFT_SCREENS,
  ...COMPLETION_SCREENS,
  ...SETTLEMENT_SCREENS,
  ...PREPAID_PAYMENT_SCREENS,
  ...PAYMENT_STATISTICS_SCREENS,
  // Prepaid: /pay/room (accounts + the rooms resource), /pay/member, /pay/user-item, /pay/power-hour-record.
  ...PREPAID_SCREENS,
  // WeChat: /wx/wxApp (app and merchant settings), /wx/wxUser (WeChat users bound to members).
  ...WECHAT_SCREENS,
  ...REPORTS_SCREENS,
  // Production equipment: /energy-efficiency-management/production-device (devices, their states and idle energy).
  ...PRODUCTION_DEVICE_SCREENS,
  // Imported against metered: /power-comparison/power-data-comparison.
  ...POWER_COMPARISON_SCREENS,
  // Imported power and fuel: /power-comparison/power-data-import and /power-comparison/oil-hydrogen-data-import.
  ...POWER_IMPORT_SCREENS,
  // Production lines: /energyLine/product-line (lines, meter allocation, equipment) and /energyLine/energy-board.
  ...PRODUCTION_CONSOLE_SCREENS,
  // Ships: /energy-efficiency-management/ship-energy-consumption (fleet CII ratings, a ship's rating, voyages with EEOI, fuel).
  ...SHIPS_SCREENS,
  '/thirdinterfaces/call-record': { component: lazy(() => import('../pages/integrations/CallRecordsPage').then((m) => ({ default: m.CallRecordsPage }))) },
};

export const screenMeta = (path: string): ScreenMeta => SCREENS[path] ?? {};
