import type { CatalogueShape } from '../../catalogue';
import type { agoEn } from './en';

export const agoZh: CatalogueShape<typeof agoEn> = {
  justNow: '刚刚',
  minutes: '{{count}} 分钟前',
  hours: '{{count}} 小时前',
  oneDay: '1 天前',
  date: '于 {{date}}',
};
