import type { CatalogueShape } from '../../catalogue';
import type { dataQualityEn } from './en';

export const dataQualityEs: CatalogueShape<typeof dataQualityEn> = {
  loading: 'Cargando…',
};
