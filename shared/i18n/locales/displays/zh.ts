import type { CatalogueShape } from '../../catalogue';
import type { displaysEn } from './en';

export const displaysZh: CatalogueShape<typeof displaysEn> = {
  title: '看板与显示屏',
};
