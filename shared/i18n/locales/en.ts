import { appEn, kioskEn } from './shell/en';
import { agoEn } from './ago/en';
import { errorsEn } from './errors/en';
import { meterDataEn } from './meterData/en';
import { analysisEn } from './analysis/en';
import { dataQualityEn } from './dataQuality/en';
import { deviceAdminEn } from './deviceAdmin/en';
import { integrationsEn } from './integrations/en';
import { homeEn } from './home/en';
import { alarmsEn } from './alarms/en';
import { pushesEn } from './pushes/en';
import { annunciationEn } from './annunciation/en';
import { displaysEn } from './displays/en';
import { usersEn } from './users/en';
import { rulesEn } from './rules/en';
import { rolesEn } from './roles/en';
import { boardEditorEn } from './boardEditor/en';
import { boardFieldsEn } from './boardFields/en';
import { boardScreensEn } from './boardScreens/en';
import { spritesEn } from './sprites/en';
import { queryChartEn } from './queryChart/en';
import { menusEn } from './menus/en';
import { loginPagesEn } from './loginPages/en';
import { siteSettingsEn } from './siteSettings/en';
import { listsEn } from './lists/en';
import { webServiceEn } from './webService/en';
import { inquiryEn } from './inquiry/en';
import { liveWidgetsEn } from './liveWidgets/en';
import { chartWidgetsEn } from './chartWidgets/en';
import { tariffWidgetsEn } from './tariffWidgets/en';
import { prepaidWidgetsEn } from './prepaidWidgets/en';
import { reportWidgetsEn } from './reportWidgets/en';
import { visualizationEn } from './visualization/en';
import { kioskRuntimeEn } from './kioskRuntime/en';
import { resourcesEn } from './resources/en';
import { completionEn } from './completion/en';
import { tariffsEn } from './tariffs/en';
import { shiftsEn } from './shifts/en';
import { settlementEn } from './settlement/en';
import { prepaidEn } from './prepaid/en';
import { reportsEn } from './reports/en';
import { shipsEn } from './ships/en';
import { productionEn } from './production/en';
import { lineSecWidgetEn } from './lineSecWidget/en';
import { productionDevicesEn } from './productionDevices/en';
import { powerImportsEn } from './powerImports/en';
import { powerComparisonEn } from './powerComparison/en';
import { reportSheetEn } from './reportSheet/en';
import { reportFilesEn } from './reportFiles/en';
import { billAnalysisEn } from './billAnalysis/en';
import { monthRegistersEn } from './monthRegisters/en';
import { recomputeEn } from './recompute/en';
import { prepaidPaymentsEn } from './prepaidPayments/en';
import { memberEn } from './member/en';
import { wechatEn } from './wechat/en';
import { paymentStatisticsEn } from './paymentStatistics/en';
/**
 * English catalogue, the reference shape: zh and es must hold exactly these keys (catalogues.test.ts).
 * `route.*` holds one title per menu path segment (shared/menu titleKey) plus the public routes.
 */
export const en = {
  app: appEn,
  login: {
    title: 'Energy Management Platform',
    username: 'Username',
    password: 'Password',
    language: 'Language',
    logIn: 'Log in',
    usernamePlaceholder: 'Enter your username',
    passwordPlaceholder: 'Enter your password',
    usernameRequired: 'Please enter the username',
    passwordRequired: 'Please enter the password',
  },
  language: {
    switched: 'Switch Language Success',
  },
  session: {
    loading: 'Loading your account…',
    disabled: 'This account has been disabled and cannot log in to the system',
  },
  logoutConfirm: {
    title: 'Confirm logout',
    body: 'You have been logged out. Cancel to stay on this page, or log in again.',
    loginAgain: 'Log in again',
    cancel: 'Cancel',
  },
  dashboard: {
    signedInAs: 'Signed in as {{trueName}} ({{username}})',
    openAlarms: 'Open alarms',
    alarmTotal: 'All open alarms',
    alarmDevice: 'Device alarms',
    alarmError: 'Error alarms',
    alarmTrouble: 'Fault alarms',
    alarmOffline: 'Offline devices',
    meteringNote: 'Energy figures arrive with the metering module.',
    logout: 'Log out',
  },
  navbar: {
    toggleSidebar: 'Show or hide the menu',
    closeSidebar: 'Close the menu',
    errorLog: 'Error log',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    fullscreenUnsupported: 'you browser can not work',
    size: 'Size',
    sizeSwitched: 'Switch Size Success',
    visualization: 'Open the visualization in a new tab',
    settings: 'Page settings',
  },
  sizes: {
    large: 'Large',
    medium: 'Medium',
    small: 'Small',
  },
  userMenu: {
    account: 'Account',
    email: 'Email',
    editAccount: 'Edit account',
    logout: 'Log out',
  },
  accountDialog: {
    title: 'Edit account',
    trueName: 'True name',
    trueNameRequired: 'Please enter your name',
    avatar: 'Avatar URL',
    avatarInvalid: 'Enter an http(s) address or a path on this site',
    introduction: 'Introduction',
    email: 'Email',
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Account saved',
  },
  errorLog: {
    title: 'Error log',
    message: 'Message',
    source: 'Source',
    page: 'Page',
    time: 'Time',
    empty: 'No errors so far',
    clear: 'Clear',
  },
  settingsDrawer: {
    title: 'Page style settings',
    themeColor: 'Theme colour',
    pickColor: 'Use the colour {{color}}',
    tagsView: 'Tags view',
    fixedHeader: 'Fixed header',
    sidebarLogo: 'Sidebar logo',
  },
  errorPage: {
    notFound: 'Sorry, the page you opened does not exist.',
    unauthorized: 'Sorry, you are not allowed to open this page.',
    backHome: 'Back to the dashboard',
  },
  tags: {
    label: 'Visited views',
    refresh: 'Refresh',
    close: 'Close',
    closeOthers: 'Close others',
    closeAll: 'Close all',
    closeTag: 'Close {{title}}',
    noName: 'no-name',
  },
  moduleComing: {
    notice: 'This module is coming in a later release.',
    detail: 'The menu entry is ready; its screens arrive with the module.',
    notes: 'Notes',
    notesPlaceholder: 'Jot something down while you are here',
  },
  authRedirect: {
    signingIn: 'Signing you in…',
  },
  kiosk: kioskEn,
  resources: resourcesEn,
  completion: completionEn,
  tariffs: tariffsEn,
  shifts: shiftsEn,
  settlement: settlementEn,
  prepaid: prepaidEn,
  monthRegisters: monthRegistersEn,
  recompute: recomputeEn,
  prepaidPayments: prepaidPaymentsEn,
  member: memberEn,
  wechat: wechatEn,
  paymentStatistics: paymentStatisticsEn,
  reports: reportsEn,
  ships: shipsEn,
  production: productionEn,
  lineSecWidget: lineSecWidgetEn,
  productionDevices: productionDevicesEn,
  powerImports: powerImportsEn,
  powerComparison: powerComparisonEn,
  reportSheet: reportSheetEn,
  reportFiles: reportFilesEn,
  billAnalysis: billAnalysisEn,
  route: {
    // Public routes (spec §2), hidden from the menu.
    // Buttons (type 'button' entries under a screen, shared/menu/buttons.ts).
    add: 'Add',
    edit: 'Edit',
    delete: 'Delete',
    password: 'Change password',
    auth: 'Assign menus',
    import: 'Import',
    login: 'Log in',
    '404': 'Page not found',
    '401': 'Not authorized',
    redirect: 'Redirect',
    visualization: 'Visualization',
    'report-sheet': 'Report sheet',
    'auth-redirect': 'Signing in',
    dash: 'Board',
    // Menu groups and their screens (shared/menu MENU_GROUPS).
    dashboard: 'Dashboard',
    board: 'Boards',
    spriteView: 'Sprite view',
    queryChart: 'Query charts',
    energyGZ: 'Energy board (GZ)',
    settlement: 'Settlement',
    energy: 'Energy settlement',
    'energy-export': 'Energy export',
    'power-month-record': 'Monthly power records',
    checkRepair: 'Check and repair',
    energyDevice: 'Device energy',
    'power-comparison': 'Power comparison',
    'power-data-import': 'Power data import',
    'oil-hydrogen-data-import': 'Oil and hydrogen data import',
    'power-data-comparison': 'Power data comparison',
    'energy-efficiency-management': 'Energy efficiency',
    'ship-energy-consumption': 'Ship energy consumption',
    'production-device': 'Production devices',
    wx: 'WeChat',
    wxUser: 'WeChat users',
    wxApp: 'WeChat apps',
    inquiry: 'Inquiries',
    adpost: 'Announcements',
    helpCenter: 'Help center',
    contactUs: 'Contact us',
    pay: 'Prepaid payment',
    'user-item': 'User items',
    room: 'Rooms',
    'power-hour-record': 'Hourly power records',
    'pay-record': 'Payment records',
    'bill-record': 'Bill records',
    member: 'Members',
    msg: 'Messaging',
    webServiceRecord: 'Web service records',
    task: 'Tasks',
    pushwx: 'WeChat pushes',
    pushsms: 'SMS pushes',
    verify: 'E-mail & test send',
    template: 'Templates',
    'alarm-management': 'Alarm management',
    message: 'Messages',
    threshold: 'Thresholds',
    energyLine: 'Production lines',
    'energy-board': 'Energy board',
    product: 'Products',
    'product-record': 'Production records',
    'product-line': 'Product lines',
    'payment-statistics': 'Payment statistics',
    'consumption-statistics': 'Consumption statistics',
    'charging-statistics': 'Top-up statistics',
    reconciliation: 'Reconciliation',
    'billrecord-statistics': 'Bill statistics',
    datashowboard: 'Data board',
    datashowboardlist: 'Data boards',
    others: 'Others',
    basic: 'Basic data',
    electricEnergy: 'Electric energy',
    electricBalance: 'Electricity balance',
    alarm: 'Alarms',
    alerts: 'Alerts',
    devices: 'Devices',
    error: 'Errors',
    trouble: 'Faults',
    offline: 'Offline',
    batch: 'Batch',
    base: 'Base data',
    device: 'Device',
    check: 'Review',
    meterData: 'Meter data',
    equipmentBoard: 'Equipment boards',
    equipmentBoardCheck: 'Equipment board review',
    'push-records': 'Push records',
    'template-settings': 'Template settings',
    personInfo: 'Personal information',
    report: 'Reports',
    reportConfig: 'Report configuration',
    reportList: 'Report list',
    depart: 'Department',
    departs: 'Departments',
    'power-thresholds': 'Power thresholds',
    subitem: 'Sub-items',
    departRecord: 'Department records',
    shift: 'Shifts',
    peakvalley: 'Peak and valley tariffs',
    sprite: 'Sprites',
    tag: 'Tags',
    thirdinterfaces: 'Third-party interfaces',
    'generic-interfaces': 'Generic interfaces',
    'call-record': 'Call records',
    settings: 'Settings',
    user: 'Users',
    roles: 'Roles',
    router: 'Menus',
    loginPageSet: 'Login page',
    webServiceConfig: 'Web service configuration',
    superConfig: 'Advanced configuration',
    boardConfig: 'Board configuration',
    completionHistory: 'Data completion history',
    analyzePdf: 'PDF analysis',
  },
  meterData: meterDataEn,
  analysis: analysisEn,
  dataQuality: dataQualityEn,
  deviceAdmin: deviceAdminEn,
  integrations: integrationsEn,
  home: homeEn,
  alarms: alarmsEn,
  pushes: pushesEn,
  annunciation: annunciationEn,
  displays: displaysEn,
  users: usersEn,
  rules: rulesEn,
  roles: rolesEn,
  boardEditor: boardEditorEn,
  boardFields: boardFieldsEn,
  boardScreens: boardScreensEn,
  sprites: spritesEn,
  queryChart: queryChartEn,
  menus: menusEn,
  loginPages: loginPagesEn,
  siteSettings: siteSettingsEn,
  lists: listsEn,
  webService: webServiceEn,
  inquiry: inquiryEn,
  liveWidgets: liveWidgetsEn,
  chartWidgets: chartWidgetsEn,
  tariffWidgets: tariffWidgetsEn,
  prepaidWidgets: prepaidWidgetsEn,
  reportWidgets: reportWidgetsEn,
  visualization: visualizationEn,
  kioskRuntime: kioskRuntimeEn,
  errors: errorsEn,
  ago: agoEn,
};
