import { appZh, kioskZh } from './shell/zh';
import { agoZh } from './ago/zh';
import { errorsZh } from './errors/zh';
import { meterDataZh } from './meterData/zh';
import { analysisZh } from './analysis/zh';
import { dataQualityZh } from './dataQuality/zh';
import { deviceAdminZh } from './deviceAdmin/zh';
import { integrationsZh } from './integrations/zh';
import { homeZh } from './home/zh';
import { alarmsZh } from './alarms/zh';
import { pushesZh } from './pushes/zh';
import { annunciationZh } from './annunciation/zh';
import { displaysZh } from './displays/zh';
import { usersZh } from './users/zh';
import { rulesZh } from './rules/zh';
import { rolesZh } from './roles/zh';
import { boardEditorZh } from './boardEditor/zh';
import { boardFieldsZh } from './boardFields/zh';
import { boardScreensZh } from './boardScreens/zh';
import { spritesZh } from './sprites/zh';
import { queryChartZh } from './queryChart/zh';
import { menusZh } from './menus/zh';
import { loginPagesZh } from './loginPages/zh';
import { siteSettingsZh } from './siteSettings/zh';
import { listsZh } from './lists/zh';
import { webServiceZh } from './webService/zh';
import { inquiryZh } from './inquiry/zh';
import { liveWidgetsZh } from './liveWidgets/zh';
import { chartWidgetsZh } from './chartWidgets/zh';
import { tariffWidgetsZh } from './tariffWidgets/zh';
import { prepaidWidgetsZh } from './prepaidWidgets/zh';
import { reportWidgetsZh } from './reportWidgets/zh';
import { visualizationZh } from './visualization/zh';
import { kioskRuntimeZh } from './kioskRuntime/zh';
import type { Catalogue } from '../catalogue';
import { resourcesZh } from './resources/zh';
import { completionZh } from './completion/zh';
import { tariffsZh } from './tariffs/zh';
import { shiftsZh } from './shifts/zh';
import { settlementZh } from './settlement/zh';
import { prepaidZh } from './prepaid/zh';
import { reportsZh } from './reports/zh';
import { shipsZh } from './ships/zh';
import { productionZh } from './production/zh';
import { lineSecWidgetZh } from './lineSecWidget/zh';
import { productionDevicesZh } from './productionDevices/zh';
import { powerImportsZh } from './powerImports/zh';
import { powerComparisonZh } from './powerComparison/zh';
import { reportSheetZh } from './reportSheet/zh';
import { reportFilesZh } from './reportFiles/zh';
import { billAnalysisZh } from './billAnalysis/zh';
import { monthRegistersZh } from './monthRegisters/zh';
import { recomputeZh } from './recompute/zh';
import { prepaidPaymentsZh } from './prepaidPayments/zh';
import { memberZh } from './member/zh';
import { wechatZh } from './wechat/zh';
import { paymentStatisticsZh } from './paymentStatistics/zh';

/** 简体中文目录：键与 en.ts 完全一致。 */
export const zh: Catalogue = {
  app: appZh,
  login: {
    title: '能源管理平台',
    username: '用户名',
    password: '密码',
    language: '语言',
    logIn: '登录',
    usernamePlaceholder: '请输入用户名',
    passwordPlaceholder: '请输入密码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
  },
  language: {
    switched: '切换语言成功',
  },
  session: {
    loading: '正在加载账号信息…',
    disabled: '该账号已被禁用，无法登录系统',
  },
  logoutConfirm: {
    title: '确定登出',
    body: '你已被登出，可以取消继续留在该页面，或者重新登录',
    loginAgain: '重新登录',
    cancel: '取消',
  },
  dashboard: {
    signedInAs: '当前用户：{{trueName}}（{{username}}）',
    openAlarms: '未处理告警',
    alarmTotal: '全部未处理告警',
    alarmDevice: '设备告警',
    alarmError: '错误告警',
    alarmTrouble: '故障告警',
    alarmOffline: '离线设备',
    meteringNote: '能耗数据将随计量模块一同提供。',
    logout: '退出登录',
  },
  navbar: {
    toggleSidebar: '展开或收起菜单',
    closeSidebar: '关闭菜单',
    errorLog: '错误日志',
    fullscreen: '全屏',
    exitFullscreen: '退出全屏',
    fullscreenUnsupported: '您的浏览器不支持全屏',
    size: '布局大小',
    sizeSwitched: '切换布局大小成功',
    visualization: '在新标签页中打开可视化大屏',
    settings: '页面设置',
  },
  sizes: {
    large: '大',
    medium: '中',
    small: '小',
  },
  userMenu: {
    account: '账号',
    email: '邮箱',
    editAccount: '编辑账号',
    logout: '退出登录',
  },
  accountDialog: {
    title: '编辑账号',
    trueName: '真实姓名',
    trueNameRequired: '请输入姓名',
    avatar: '头像地址',
    avatarInvalid: '请输入 http(s) 地址或本站路径',
    introduction: '个人简介',
    email: '邮箱',
    save: '保存',
    cancel: '取消',
    saved: '账号已保存',
  },
  errorLog: {
    title: '错误日志',
    message: '错误信息',
    source: '来源',
    page: '页面',
    time: '时间',
    empty: '暂无错误',
    clear: '清空',
  },
  settingsDrawer: {
    title: '页面风格设置',
    themeColor: '主题色',
    pickColor: '使用颜色 {{color}}',
    tagsView: '开启标签栏',
    fixedHeader: '固定顶栏',
    sidebarLogo: '侧边栏 Logo',
  },
  errorPage: {
    notFound: '抱歉，您访问的页面不存在。',
    unauthorized: '抱歉，您无权访问此页面。',
    backHome: '返回首页',
  },
  tags: {
    label: '已访问的页面',
    refresh: '刷新',
    close: '关闭',
    closeOthers: '关闭其他',
    closeAll: '关闭所有',
    closeTag: '关闭 {{title}}',
    noName: '未命名',
  },
  moduleComing: {
    notice: '该模块将在后续版本中提供。',
    detail: '菜单项已就绪，页面内容将随模块一同上线。',
    notes: '备注',
    notesPlaceholder: '可以在这里记点什么',
  },
  authRedirect: {
    signingIn: '正在为您登录…',
  },
  kiosk: kioskZh,
  resources: resourcesZh,
  completion: completionZh,
  tariffs: tariffsZh,
  shifts: shiftsZh,
  settlement: settlementZh,
  prepaid: prepaidZh,
  monthRegisters: monthRegistersZh,
  recompute: recomputeZh,
  prepaidPayments: prepaidPaymentsZh,
  member: memberZh,
  wechat: wechatZh,
  paymentStatistics: paymentStatisticsZh,
  reports: reportsZh,
  ships: shipsZh,
  production: productionZh,
  lineSecWidget: lineSecWidgetZh,
  productionDevices: productionDevicesZh,
  powerImports: powerImportsZh,
  powerComparison: powerComparisonZh,
  reportSheet: reportSheetZh,
  reportFiles: reportFilesZh,
  billAnalysis: billAnalysisZh,
  route: {
    add: '新增',
    edit: '编辑',
    delete: '删除',
    password: '修改密码',
    auth: '分配菜单',
    import: '导入',
    login: '登录',
    '404': '页面不存在',
    '401': '无权访问',
    redirect: '重定向',
    visualization: '可视化',
    'report-sheet': '报表单',
    'auth-redirect': '正在登录',
    dash: '看板',
    dashboard: '首页',
    board: '看板',
    spriteView: '精灵视图',
    queryChart: '查询图表',
    energyGZ: '能耗看板（GZ）',
    settlement: '结算管理',
    energy: '能耗结算',
    'energy-export': '能耗导出',
    'power-month-record': '月度电量记录',
    checkRepair: '校核修正',
    energyDevice: '设备能耗',
    'power-comparison': '电量对比',
    'power-data-import': '电量数据导入',
    'oil-hydrogen-data-import': '油氢数据导入',
    'power-data-comparison': '电量数据对比',
    'energy-efficiency-management': '能效管理',
    'ship-energy-consumption': '船舶能耗',
    'production-device': '生产设备',
    wx: '微信',
    wxUser: '微信用户',
    wxApp: '微信应用',
    inquiry: '咨询',
    adpost: '公告',
    helpCenter: '帮助中心',
    contactUs: '联系我们',
    pay: '预付费',
    'user-item': '用户项目',
    room: '房间',
    'power-hour-record': '小时电量记录',
    'pay-record': '缴费记录',
    'bill-record': '账单记录',
    member: '会员',
    msg: '消息推送',
    webServiceRecord: 'WebService 记录',
    task: '任务',
    pushwx: '微信推送',
    pushsms: '短信推送',
    verify: '邮件与测试发送',
    template: '模板',
    'alarm-management': '告警管理',
    message: '消息',
    threshold: '阈值',
    energyLine: '生产线',
    'energy-board': '能耗看板',
    product: '产品',
    'product-record': '生产记录',
    'product-line': '产品线',
    'payment-statistics': '缴费统计',
    'consumption-statistics': '消费统计',
    'charging-statistics': '充值统计',
    reconciliation: '对账',
    'billrecord-statistics': '账单统计',
    datashowboard: '数据看板',
    datashowboardlist: '数据看板列表',
    others: '其他',
    basic: '基础数据',
    electricEnergy: '电能',
    electricBalance: '电能平衡',
    alarm: '告警',
    alerts: '报警',
    devices: '设备',
    error: '错误',
    trouble: '故障',
    offline: '离线',
    batch: '批量',
    base: '基础管理',
    device: '设备',
    check: '审核',
    meterData: '仪表数据',
    equipmentBoard: '设备看板',
    equipmentBoardCheck: '设备看板审核',
    'push-records': '推送记录',
    'template-settings': '模板设置',
    personInfo: '个人信息',
    report: '报表',
    reportConfig: '报表配置',
    reportList: '报表列表',
    depart: '部门',
    departs: '部门管理',
    'power-thresholds': '功率阈值',
    subitem: '分项',
    departRecord: '部门记录',
    shift: '班次',
    peakvalley: '峰谷电价',
    sprite: '精灵图',
    tag: '标签',
    thirdinterfaces: '第三方接口',
    'generic-interfaces': '通用接口',
    'call-record': '调用记录',
    settings: '系统设置',
    user: '用户管理',
    roles: '角色管理',
    router: '菜单管理',
    loginPageSet: '登录页设置',
    webServiceConfig: 'WebService 配置',
    superConfig: '高级配置',
    boardConfig: '看板配置',
    completionHistory: '数据补全历史',
    analyzePdf: 'PDF 分析',
  },
  meterData: meterDataZh,
  analysis: analysisZh,
  dataQuality: dataQualityZh,
  deviceAdmin: deviceAdminZh,
  integrations: integrationsZh,
  home: homeZh,
  alarms: alarmsZh,
  pushes: pushesZh,
  annunciation: annunciationZh,
  displays: displaysZh,
  users: usersZh,
  rules: rulesZh,
  roles: rolesZh,
  boardEditor: boardEditorZh,
  boardFields: boardFieldsZh,
  boardScreens: boardScreensZh,
  sprites: spritesZh,
  queryChart: queryChartZh,
  menus: menusZh,
  loginPages: loginPagesZh,
  siteSettings: siteSettingsZh,
  lists: listsZh,
  webService: webServiceZh,
  inquiry: inquiryZh,
  liveWidgets: liveWidgetsZh,
  chartWidgets: chartWidgetsZh,
  tariffWidgets: tariffWidgetsZh,
  prepaidWidgets: prepaidWidgetsZh,
  reportWidgets: reportWidgetsZh,
  visualization: visualizationZh,
  kioskRuntime: kioskRuntimeZh,
  errors: errorsZh,
  ago: agoZh,
};
