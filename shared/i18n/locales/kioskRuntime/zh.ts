import type { CatalogueShape } from '../../catalogue';
import type { kioskRuntimeEn } from './en';

export const kioskRuntimeZh: CatalogueShape<typeof kioskRuntimeEn> = {
  loading: '正在加载看板…',
};
