import type { CatalogueShape } from '../../catalogue';
import type { queryChartEn } from './en';

export const queryChartZh: CatalogueShape<typeof queryChartEn> = {
  title: 'queryChart',
};
