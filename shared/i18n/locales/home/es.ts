import type { CatalogueShape } from '../../catalogue';
import type { homeEn } from './en';

export const homeEs: CatalogueShape<typeof homeEn> = {
  loading: 'Cargando…',
  energyTypes: { electricity: 'Electricidad', water: 'Agua', gas: 'Gas' },
  totals: {
    today: 'Hoy',
    thisMonth: 'Este mes',
    vsYesterday: 'Ayer {{value}}',
    vsLastMonth: 'Mes pasado {{value}}',
    sameTimeYesterday: 'Cambio respecto a ayer hasta la misma hora',
    sameTimeLastMonth: 'Cambio respecto al mes pasado hasta el mismo día y hora',
    noComparison: 'sin dato para comparar',
    empty: 'Todavía no se ha medido energía.',
  },
  hourly: {
    title: 'Electricidad de hoy por hora',
    series: 'Electricidad',
    chartLabel: 'Gráfico de barras de la electricidad de hoy por hora',
  },
  topDepartments: {
    title: 'Departamentos con más consumo hoy',
    empty: 'Ningún departamento ha consumido electricidad hoy.',
    openBalance: 'Abrir el balance eléctrico',
  },
  status: {
    title: 'Medición',
    metersOnline: 'Medidores en línea',
    metersOffline: 'Medidores sin conexión',
    ofTotal: 'de {{total}}',
    gatewaysOnline: 'Pasarelas en línea',
    pendingQuarantine: 'Lecturas por revisar',
    review: 'Revisar',
    rejectedLastDay: 'Lecturas rechazadas (24 h)',
  },
  lastReading: 'Última lectura {{ago}}',
  noReading: 'Aún no se ha recibido ninguna lectura',
  timeZone: 'Días y meses contados en {{zone}}',
  unavailable: 'Las cifras de energía no están disponibles ahora.',
  refreshFailed: 'No se pudieron actualizar las cifras; son las de {{time}}.',
};
