import type { CatalogueShape } from '../../catalogue';
import type { alarmsEn } from './en';

export const alarmsEs: CatalogueShape<typeof alarmsEn> = {
  loading: 'Cargando…',
};
