import type { CatalogueShape } from '../../catalogue';
import type { queryChartEn } from './en';

export const queryChartZh: CatalogueShape<typeof queryChartEn> = {
  source: {
    meters: '电表',
    departments: '部门',
  },
  meters: '电表',
  departments: '部门',
  chooseMeters: '最多选择 {{max}} 个电表',
  chooseDepartments: '最多选择 {{max}} 个部门',
  metric: '指标',
  energy: '能耗',
  grain: {
    hour: '按小时',
    day: '按天',
    month: '按月',
  },
  shortcut: {
    today: '今天',
    lastWeek: '最近一周',
    lastMonth: '最近一个月',
    lastThreeMonths: '最近三个月',
  },
  chartType: {
    line: '折线图',
    bar: '柱状图',
  },
  run: '查询',
  chartLabel: '查询图表',
  missing: '以下电表在此时间范围内没有历史数据：{{meters}}',
  empty: {
    loading: '正在查询…',
    choose: '请选择电表或部门以及时间范围，然后点击查询。',
    failed: '查询失败，请重试。',
    rangeLimits: '电表：最多 92 天。部门：按小时最多 32 天，按天最多 367 天，按月最多 120 个月。',
  },
  saveAsWidget: '保存为组件',
  saveTitle: '将图表保存为看板上的组件',
  saveOk: '保存',
};
