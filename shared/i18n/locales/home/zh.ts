import type { CatalogueShape } from '../../catalogue';
import type { homeEn } from './en';

export const homeZh: CatalogueShape<typeof homeEn> = {
  loading: '加载中…',
};
