import type { CatalogueShape } from '../../catalogue';
import type { reportSheetEn } from './en';

export const reportSheetZh: CatalogueShape<typeof reportSheetEn> = {
  title: '报表单',
};
