import type { CatalogueShape } from '../../catalogue';
import type { visualizationEn } from './en';

export const visualizationZh: CatalogueShape<typeof visualizationEn> = {
  title: '厂区三维可视化',
};
