import type { CatalogueShape } from '../../catalogue';
import type { powerComparisonEn } from './en';

export const powerComparisonEs: CatalogueShape<typeof powerComparisonEn> = {
  title: 'Importado frente a medido',
};
