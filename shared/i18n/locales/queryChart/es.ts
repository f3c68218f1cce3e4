import type { CatalogueShape } from '../../catalogue';
import type { queryChartEn } from './en';

export const queryChartEs: CatalogueShape<typeof queryChartEn> = {
  title: 'queryChart',
};
