import type { CatalogueShape } from '../../catalogue';
import type { reportFilesEn } from './en';

export const reportFilesEs: CatalogueShape<typeof reportFilesEn> = {
  total: 'Total',
  subtotal: 'Subtotal',
  page: 'Página {{page}} de {{pages}}',
  generated: 'Generado {{time}}',
  estimatedNote: '* incluye datos estimados (completados)',
  noData: 'No hay datos para este periodo',
};
