import type { CatalogueShape } from '../../catalogue';
import type { liveWidgetsEn } from './en';

export const liveWidgetsZh: CatalogueShape<typeof liveWidgetsEn> = {
  noData: '暂无数据',
};
