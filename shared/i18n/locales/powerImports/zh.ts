import type { CatalogueShape } from '../../catalogue';
import type { powerImportsEn } from './en';

export const powerImportsZh: CatalogueShape<typeof powerImportsEn> = {
  title: '导入电力与燃料数据',
};
