import type { CatalogueShape } from '../../catalogue';
import type { analysisEn } from './en';

export const analysisZh: CatalogueShape<typeof analysisEn> = {
  loading: '加载中…',
};
