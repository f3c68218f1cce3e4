/**
 * The spec's menu tree (§2 "Menu groups") as data. The server seeds router entries from it and the
 * console maps each entry to a screen, so adding a screen is one line here plus its component.
 * Titles are i18n keys under `route.` in shared/i18n/locales.
 */
export interface MenuChildDef {
  /** Path relative to the group, may hold a dynamic segment (`datashowboard/:dataShowBoardCode`). */
  path: string;
  hidden?: boolean;
}

export interface MenuGroupDef {
  path: string;
  icon: string;
  children: MenuChildDef[];
  /** Needs no role: every signed-in user gets it (spec §2: "marked as needing no role"). */
  noRole?: boolean;
}

const c = (...paths: string[]): MenuChildDef[] => paths.map((path) => ({ path }));

export const MENU_GROUPS: readonly MenuGroupDef[] = [
  { path: '/dashboard', icon: 'DashboardOutlined', children: [], noRole: true },
  { path: '/board', icon: 'FundProjectionScreenOutlined', children: c('spriteView', 'queryChart', 'energyGZ') },
  {
    path: '/settlement',
    icon: 'AccountBookOutlined',
    children: c('energy', 'energy-export', 'power-month-record', 'checkRepair', 'energyDevice'),
  },
  {
    path: '/power-comparison',
    icon: 'DiffOutlined',
    children: c('power-data-import', 'oil-hydrogen-data-import', 'power-data-comparison'),
  },
  {
    path: '/energy-efficiency-management',
    icon: 'RocketOutlined',
    children: c('ship-energy-consumption', 'production-device'),
  },
  { path: '/wx', icon: 'WechatOutlined', children: c('wxUser', 'wxApp') },
  { path: '/inquiry', icon: 'QuestionCircleOutlined', children: c('adpost', 'helpCenter', 'contactUs') },
  {
    path: '/pay',
    icon: 'WalletOutlined',
    children: c('user-item', 'room', 'power-hour-record', 'pay-record', 'bill-record', 'member'),
  },
  { path: '/msg', icon: 'MailOutlined', children: c('webServiceRecord', 'task', 'pushwx', 'pushsms', 'verify', 'template') },
  { path: '/alarm-management', icon: 'AlertOutlined', children: c('message', 'threshold') },
  { path: '/energyLine', icon: 'ApartmentOutlined', children: c('energy-board', 'product', 'product-record', 'product-line') },
  {
    path: '/payment-statistics',
    icon: 'BarChartOutlined',
    children: [
      ...c('consumption-statistics', 'charging-statistics', 'reconciliation', 'billrecord-statistics'),
      { path: 'datashowboard/:dataShowBoardCode', hidden: true },
      { path: 'datashowboardlist' },
    ],
  },
  { path: '/others', icon: 'ThunderboltOutlined', children: c('basic', 'electricEnergy', 'electricBalance', 'alarm') },
  { path: '/alerts', icon: 'BellOutlined', children: c('devices', 'error', 'trouble', 'offline', 'batch') },
  { path: '/base', icon: 'DatabaseOutlined', children: c('device', 'check', 'meterData', 'equipmentBoard', 'equipmentBoardCheck') },
  { path: '/message', icon: 'MessageOutlined', children: c('push-records', 'template-settings', 'personInfo') },
  { path: '/report', icon: 'FileTextOutlined', children: c('reportConfig', 'reportList') },
  {
    path: '/devices',
    icon: 'ClusterOutlined',
    children: c('depart', 'departs', 'power-thresholds', 'subitem', 'departRecord', 'shift', 'peakvalley', 'sprite', 'tag'),
  },
  { path: '/thirdinterfaces', icon: 'ApiOutlined', children: c('generic-interfaces', 'call-record') },
  {
    path: '/settings',
    icon: 'SettingOutlined',
    children: c('user', 'roles', 'router', 'loginPageSet', 'webServiceConfig', 'superConfig', 'boardConfig', 'completionHistory', 'analyzePdf'),
  },
];

/** Public routes, hidden from the menu (spec §2). */
export const PUBLIC_ROUTES = ['/redirect/:path*', '/login', '/visualization', '/report-sheet', '/auth-redirect', '/404', '/401', '/dash/:id'] as const;

/** Routes reachable without a token (spec §2 access rules). */
export const NO_TOKEN_ROUTES = ['/login', '/auth-redirect'] as const;
