import type { CatalogueShape } from '../../catalogue';
import type { meterDataEn } from './en';

export const meterDataEs: CatalogueShape<typeof meterDataEn> = {
  loading: 'Cargando…',
};
