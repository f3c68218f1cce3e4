import type { CatalogueShape } from '../../catalogue';
import type { lineSecWidgetEn } from './en';

export const lineSecWidgetZh: CatalogueShape<typeof lineSecWidgetEn> = {
  name: '产线单耗与目标',
  noData: '暂无数据',
  noLines: '暂无产线',
  noOutput: '无产量',
  heading: '{{period}} · 单位标准产量能耗',
  target: '目标 {{value}}',
  periods: { today: '今日', yesterday: '昨日', last7: '近 7 天', last30: '近 30 天', thisMonth: '本月', lastMonth: '上月' },
};
