import type { CatalogueShape } from '../../catalogue';
import type { kioskRuntimeEn } from './en';

export const kioskRuntimeEs: CatalogueShape<typeof kioskRuntimeEn> = {
  loading: 'Cargando el tablero…',
};
