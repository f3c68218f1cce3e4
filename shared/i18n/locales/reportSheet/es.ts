import type { CatalogueShape } from '../../catalogue';
import type { reportSheetEn } from './en';

export const reportSheetEs: CatalogueShape<typeof reportSheetEn> = {
  title: 'Hoja de informe',
};
