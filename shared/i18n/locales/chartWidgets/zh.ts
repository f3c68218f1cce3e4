import type { CatalogueShape } from '../../catalogue';
import type { chartWidgetsEn } from './en';

export const chartWidgetsZh: CatalogueShape<typeof chartWidgetsEn> = {
  noData: '暂无数据',
  needsMeter: '请为此组件选择仪表',
  needsScope: '请为此组件选择部门或分项',
  names: {
    kpi: '指标数字',
    gauge: '仪表盘',
    'live-trend': '实时趋势',
    'energy-bar': '能耗柱状图',
    'share-pie': '能耗占比',
    'energy-sankey': '能流图',
    'energy-calendar': '每日能耗日历',
    'energy-periods': '分期能耗对比',
  },
  kpi: {
    today: '今日 {{value}}',
    trendUp: '{{minutes}} 分钟内上升 {{change}}',
    trendDown: '{{minutes}} 分钟内下降 {{change}}',
    trendFlat: '{{minutes}} 分钟内持平',
  },
  liveTrend: {
    meter: '仪表 {{id}}',
  },
  sharePie: {
    others: '其他',
  },
  sankey: {
    site: '全厂',
  },
  periods: {
    lastMonths_one: '本月',
    lastMonths_other: '近 {{count}} 个月',
    lastDays_one: '今天',
    lastDays_other: '近 {{count}} 天',
    yearBefore: '上年同期',
    change: '{{period}} 同比 {{change}}%（{{earlier}}）',
  },
  calendar: {
    dayNames: '日,一,二,三,四,五,六',
    monthNames: '1月,2月,3月,4月,5月,6月,7月,8月,9月,10月,11月,12月',
  },
};
