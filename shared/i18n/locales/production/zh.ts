import type { CatalogueShape } from '../../catalogue';
import type { productionEn } from './en';

export const productionZh: CatalogueShape<typeof productionEn> = {
  title: '生产线',
};
