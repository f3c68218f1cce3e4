import type { CatalogueShape } from '../../catalogue';
import type { alarmsEn } from './en';

export const alarmsZh: CatalogueShape<typeof alarmsEn> = {
  loading: '加载中…',
};
