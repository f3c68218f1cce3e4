import type { CatalogueShape } from '../../catalogue';
import type { visualizationEn } from './en';

export const visualizationEs: CatalogueShape<typeof visualizationEn> = {
  title: 'Visualización de la planta',
};
