import type { CatalogueShape } from '../../catalogue';
import type { homeEn } from './en';

export const homeEs: CatalogueShape<typeof homeEn> = {
  loading: 'Cargando…',
};
