import type { CatalogueShape } from '../../catalogue';
import type { liveWidgetsEn } from './en';

export const liveWidgetsZh: CatalogueShape<typeof liveWidgetsEn> = {
  noData: '暂无数据',
  names: {
    'top-n': '能耗排行表',
    'alarm-counters': '告警计数',
    'alarm-ticker': '告警滚动列表',
    clock: '时钟',
    text: '文本',
    image: '图片',
    announcements: '公告',
    mimic: '组态图',
    'bar-3d': '三维能耗柱状图',
  },
  topN: {
    rank: '#',
    name: '名称',
    energy: '能耗',
    share: '占比',
  },
  alarmCounters: {
    total: '全部未处理告警',
  },
  alarmTicker: {
    none: '暂无未处理告警',
    enableSound: '点击启用声音',
    acknowledged: '已确认',
    ended: '已结束 {{time}}',
    more_one: '另有 {{count}} 条',
    more_other: '另有 {{count}} 条',
  },
  announcements: {
    none: '今日暂无公告',
  },
  image: {
    none: '未选择图片',
  },
  mimic: {
    meter: '仪表 {{id}}',
    inAlarm: '告警中',
  },
  bar3d: {
    chooseDepartments: '请选择要比较的部门',
  },
};
