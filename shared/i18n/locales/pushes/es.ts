import type { CatalogueShape } from '../../catalogue';
import type { pushesEn } from './en';

export const pushesEs: CatalogueShape<typeof pushesEn> = {
  loading: 'Cargando…',
};
