import type { CatalogueShape } from '../../catalogue';
import type { meterDataEn } from './en';

export const meterDataZh: CatalogueShape<typeof meterDataEn> = {
  loading: '加载中…',
};
