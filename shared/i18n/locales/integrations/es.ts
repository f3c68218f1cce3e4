import type { CatalogueShape } from '../../catalogue';
import type { integrationsEn } from './en';

export const integrationsEs: CatalogueShape<typeof integrationsEn> = {
  loading: 'Cargando…',
};
