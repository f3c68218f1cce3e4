import type { CatalogueShape } from '../../catalogue';
import type { liveWidgetsEn } from './en';

export const liveWidgetsEs: CatalogueShape<typeof liveWidgetsEn> = {
  noData: 'Aún no hay datos',
};
