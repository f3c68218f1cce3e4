import type { CatalogueShape } from '../../catalogue';
import type { chartWidgetsEn } from './en';

export const chartWidgetsEs: CatalogueShape<typeof chartWidgetsEn> = {
  noData: 'Aún no hay datos',
  needsMeter: 'Elija un medidor para este widget',
  needsScope: 'Elija departamentos o subpartidas para este widget',
  names: {
    kpi: 'Cifra KPI',
    gauge: 'Indicador',
    'live-trend': 'Tendencia en vivo',
    'energy-bar': 'Barras de energía',
    'share-pie': 'Reparto de energía',
    'energy-sankey': 'Flujo de energía',
    'energy-calendar': 'Calendario de energía diaria',
    'energy-periods': 'Energía por periodo',
  },
  kpi: {
    today: 'Hoy {{value}}',
    trendUp: 'Sube {{change}} en {{minutes}} min',
    trendDown: 'Baja {{change}} en {{minutes}} min',
    trendFlat: 'Estable en {{minutes}} min',
  },
  liveTrend: {
    meter: 'Medidor {{id}}',
  },
  sharePie: {
    others: 'Otros',
  },
  sankey: {
    site: 'Planta',
  },
  periods: {
    lastMonths_one: 'Este mes',
    lastMonths_other: 'Últimos {{count}} meses',
    lastDays_one: 'Hoy',
    lastDays_other: 'Últimos {{count}} días',
    yearBefore: 'Año anterior',
    change: '{{period}} {{change}} % frente a {{earlier}}',
  },
  calendar: {
    dayNames: 'D,L,M,X,J,V,S',
    monthNames: 'ene,feb,mar,abr,may,jun,jul,ago,sep,oct,nov,dic',
  },
};
