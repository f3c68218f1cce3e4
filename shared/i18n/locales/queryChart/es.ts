import type { CatalogueShape } from '../../catalogue';
import type { queryChartEn } from './en';

export const queryChartEs: CatalogueShape<typeof queryChartEn> = {
  source: {
    meters: 'Medidores',
    departments: 'Departamentos',
  },
  meters: 'Medidores',
  departments: 'Departamentos',
  chooseMeters: 'Elija hasta {{max}} medidores',
  chooseDepartments: 'Elija hasta {{max}} departamentos',
  metric: 'Métrica',
  energy: 'Energía',
  grain: {
    hour: 'Por hora',
    day: 'Por día',
    month: 'Por mes',
  },
  shortcut: {
    today: 'Hoy',
    lastWeek: 'Última semana',
    lastMonth: 'Último mes',
    lastThreeMonths: 'Últimos tres meses',
  },
  chartType: {
    line: 'Líneas',
    bar: 'Barras',
  },
  run: 'Consultar',
  chartLabel: 'Gráfico de consulta',
  missing: 'Sin historial en este intervalo para: {{meters}}',
  empty: {
    loading: 'Consultando…',
    choose: 'Elija medidores o departamentos y un intervalo, y pulse Consultar.',
    failed: 'La consulta falló; inténtelo de nuevo.',
    rangeLimits: 'Medidores: como máximo 92 días. Departamentos: por hora como máximo 32 días, por día 367 días, por mes 120 meses.',
  },
  saveAsWidget: 'Guardar como widget',
  saveTitle: 'Guardar el gráfico como widget en un tablero',
  saveOk: 'Guardar',
};
