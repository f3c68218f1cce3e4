import type { CatalogueShape } from '../../catalogue';
import type { dataQualityEn } from './en';

export const dataQualityZh: CatalogueShape<typeof dataQualityEn> = {
  loading: '加载中…',
};
