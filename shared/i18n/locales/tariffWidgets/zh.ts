import type { CatalogueShape } from '../../catalogue';
import type { tariffWidgetsEn } from './en';

export const tariffWidgetsZh: CatalogueShape<typeof tariffWidgetsEn> = {
  noData: '暂无数据',
  estimated: '含估算（补录）电量',
  names: {
    'band-cost': '分时段电量与电费',
    'current-band': '当前时段与电价',
    'shift-energy': '班次能耗',
  },
  bands: {
    sharp: '尖峰',
    peak: '高峰',
    flat: '平段',
    valley: '低谷',
    deepValley: '深谷',
  },
  bandCost: {
    energyToday: '今日用量',
    energyMonth: '本月用量',
    costToday: '今日费用',
    costMonth: '本月费用',
    none: '暂无计价用量',
  },
  currentBand: {
    now: '当前',
    noTariff: '此处未配置电价',
    next: '{{time}} 起为{{band}}',
    minutes_one: '{{count}} 分钟后',
    minutes_other: '{{count}} 分钟后',
    hoursMinutes: '{{hours}} 小时 {{minutes}} 分钟后',
    allDay: '7 天内无时段变化',
  },
  shiftEnergy: {
    current: '{{shift}} 截至目前（班次已过 {{percent}}%）',
    noCurrent: '当前无班次',
    average_one: '上一班次平均',
    average_other: '前 {{count}} 个班次平均',
    noShifts: '排班表中没有班次',
  },
};
