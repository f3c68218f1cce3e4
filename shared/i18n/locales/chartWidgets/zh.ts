import type { CatalogueShape } from '../../catalogue';
import type { chartWidgetsEn } from './en';

export const chartWidgetsZh: CatalogueShape<typeof chartWidgetsEn> = {
  noData: '暂无数据',
};
