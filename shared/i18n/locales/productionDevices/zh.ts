import type { CatalogueShape } from '../../catalogue';
import type { productionDevicesEn } from './en';

export const productionDevicesZh: CatalogueShape<typeof productionDevicesEn> = {
  title: '生产设备',
  list: '设备',
  show: '查看',
  pick: '在列表中选择一台设备，查看其运行状态和指标',
  day: '日期',
  states: {
    running: '运行',
    idle: '空载',
    off: '停机',
    noData: '无数据',
  },
  figures: {
    runningHours: '运行时长',
    idleHours: '空载时长',
    offHours: '停机时长',
    idleEnergy: '空载能耗',
    energy: '能耗',
    perRunningHour: '单位运行小时能耗',
    perUnit: '单位产品能耗',
    output: '产线产量',
  },
  units: {
    hours: '{{value}} 小时',
    kwh: '{{value}} kWh',
    kwhPerHour: '{{value}} kWh/h',
    kwhPerUnit: '{{value}} kWh/件',
    units: '{{value}} 标准件',
  },
  noLine: '未关联生产线：单位产品能耗需要产线产量',
  noOutput: '当日产线无产量记录',
  timeline: '当日状态',
  timelineHint: '{{state}} {{from}}–{{to}}，平均 {{kw}} kW',
  thresholds: '运行阈值 {{run}} kW，停机阈值 {{off}} kW，额定 {{rated}} kW',
  idleBars: '近 30 天空载能耗',
  noDays: '这些天没有数据',
  widget: {
    names: { 'idle-energy': '今日空载能耗' },
    noData: '暂无数据',
    noDevices: '尚无生产设备',
    total: '今日空载',
    ofEnergy: '共 {{energy}} kWh',
    idleHours: '空载 {{value}} 小时',
  },
};
