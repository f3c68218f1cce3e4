import type { CatalogueShape } from '../../catalogue';
import type { reportsEn } from './en';

export const reportsEs: CatalogueShape<typeof reportsEn> = {
  title: 'Definiciones de informes',
};
