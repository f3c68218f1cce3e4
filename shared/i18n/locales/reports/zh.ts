import type { CatalogueShape } from '../../catalogue';
import type { reportsEn } from './en';

export const reportsZh: CatalogueShape<typeof reportsEn> = {
  title: '报表定义',
};
