import type { CatalogueShape } from '../../catalogue';
import type { annunciationEn } from './en';

export const annunciationZh: CatalogueShape<typeof annunciationEn> = {
  loading: '加载中…',
};
