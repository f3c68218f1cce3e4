import type { CatalogueShape } from '../../catalogue';
import type { reportWidgetsEn } from './en';

/** Textos en español: el widget de informes de la pantalla mural (report-table). */
export const reportWidgetsEs: CatalogueShape<typeof reportWidgetsEn> = {
  noData: 'Aún no hay datos',
  choose: 'Elija una definición de informe para este recuadro',
  missing: 'Esta definición de informe no existe',
  tooLarge: 'Este informe es demasiado grande para una pantalla: muestre menos objetos o un periodo más corto',
  noRows: 'Este informe no tiene filas',
  updated: 'Actualizado {{time}}',
  page: '{{page}}/{{pages}}',
  estimated: '* incluye datos estimados',
  moreColumns_one: '{{count}} columna más',
  moreColumns_other: '{{count}} columnas más',
  names: {
    'report-table': 'Tabla de informe',
  },
};
