import type { CatalogueShape } from '../../catalogue';
import type { pushesEn } from './en';

export const pushesZh: CatalogueShape<typeof pushesEn> = {
  loading: '加载中…',
};
