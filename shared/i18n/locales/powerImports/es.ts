import type { CatalogueShape } from '../../catalogue';
import type { powerImportsEn } from './en';

export const powerImportsEs: CatalogueShape<typeof powerImportsEn> = {
  title: 'Datos importados de electricidad y combustible',
};
