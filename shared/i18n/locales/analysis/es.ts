import type { CatalogueShape } from '../../catalogue';
import type { analysisEn } from './en';

export const analysisEs: CatalogueShape<typeof analysisEn> = {
  loading: 'Cargando…',
};
