import type { CatalogueShape } from '../../catalogue';
import type { deviceAdminEn } from './en';

export const deviceAdminEs: CatalogueShape<typeof deviceAdminEn> = {
  loading: 'Cargando…',
};
