import type { CatalogueShape } from '../../catalogue';
import type { chartWidgetsEn } from './en';

export const chartWidgetsEs: CatalogueShape<typeof chartWidgetsEn> = {
  noData: 'Aún no hay datos',
};
