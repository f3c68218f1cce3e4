import type { CatalogueShape } from '../../catalogue';
import type { productionEn } from './en';

export const productionEs: CatalogueShape<typeof productionEn> = {
  title: 'Líneas de producción',
};
