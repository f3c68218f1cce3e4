import type { CatalogueShape } from '../../catalogue';
import type { powerComparisonEn } from './en';

export const powerComparisonZh: CatalogueShape<typeof powerComparisonEn> = {
  title: '导入与计量对比',
};
