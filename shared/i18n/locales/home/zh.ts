import type { CatalogueShape } from '../../catalogue';
import type { homeEn } from './en';

export const homeZh: CatalogueShape<typeof homeEn> = {
  loading: '加载中…',
  energyTypes: { electricity: '电', water: '水', gas: '燃气' },
  totals: {
    today: '今日',
    thisMonth: '本月',
    vsYesterday: '昨日 {{value}}',
    vsLastMonth: '上月 {{value}}',
    sameTimeYesterday: '与昨日同一时刻相比的变化',
    sameTimeLastMonth: '与上月同日同一时刻相比的变化',
    noComparison: '无可比数据',
    empty: '尚未计量到任何能耗。',
  },
  hourly: {
    title: '今日逐时用电量',
    series: '用电量',
    chartLabel: '今日逐时用电量柱状图',
  },
  topDepartments: {
    title: '今日用电部门排行',
    empty: '今日尚无部门用电。',
    openBalance: '打开电能平衡',
  },
  status: {
    title: '计量状态',
    metersOnline: '在线仪表',
    metersOffline: '离线仪表',
    ofTotal: '共 {{total}}',
    gatewaysOnline: '在线网关',
    pendingQuarantine: '待审核读数',
    review: '去审核',
    rejectedLastDay: '拒收读数（24 小时）',
  },
  lastReading: '最近读数 {{ago}}',
  noReading: '尚未收到读数',
  timeZone: '日、月按 {{zone}} 时区统计',
  unavailable: '暂时无法获取能耗数据。',
  refreshFailed: '数据刷新失败，当前显示 {{time}} 的数据。',
};
