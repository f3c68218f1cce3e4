import type { CatalogueShape } from '../../catalogue';
import type { lineSecWidgetEn } from './en';

export const lineSecWidgetEs: CatalogueShape<typeof lineSecWidgetEn> = {
  name: 'SEC de líneas frente al objetivo',
  noData: 'Aún sin datos',
  noLines: 'Sin líneas de producción',
  noOutput: 'sin producción',
  heading: '{{period}} · energía por unidad estándar',
  target: 'objetivo {{value}}',
  periods: { today: 'Hoy', yesterday: 'Ayer', last7: 'Últimos 7 días', last30: 'Últimos 30 días', thisMonth: 'Este mes', lastMonth: 'Mes pasado' },
};
