import type { CatalogueShape } from '../../catalogue';
import type { visualizationEn } from './en';

export const visualizationZh: CatalogueShape<typeof visualizationEn> = {
  title: '厂区三维可视化',
  widgetName: '三维厂区场景',
  waiting: '正在等待仪表目录…',
  noMeters: '没有可显示的仪表',
  unassigned: '未分配',
  meterCount_one: '{{count}} 块仪表',
  meterCount: '{{count}} 块仪表',
  summary: '仪表 {{meters}} · 建筑 {{buildings}} · 告警中 {{alarms}}',
  alarmsTitle: '未处理告警（{{count}}）',
  noAlarms: '暂无未处理告警',
  moreAlarms: '另有 {{count}} 条',
  legend: {
    title: '实时负荷',
    idle: '空闲',
    highest: '全厂最高',
    noData: '离线或无数据',
    alarm: '未处理告警（闪烁）',
  },
};
