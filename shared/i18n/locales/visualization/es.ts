import type { CatalogueShape } from '../../catalogue';
import type { visualizationEn } from './en';

export const visualizationEs: CatalogueShape<typeof visualizationEn> = {
  title: 'Visualización de la planta',
  widgetName: 'Escena 3D de la planta',
  waiting: 'Esperando el directorio de medidores…',
  noMeters: 'No hay medidores que mostrar',
  unassigned: 'Sin asignar',
  meterCount_one: '{{count}} medidor',
  meterCount: '{{count}} medidores',
  summary: 'Medidores {{meters}} · Edificios {{buildings}} · En alarma {{alarms}}',
  alarmsTitle: 'Alarmas abiertas ({{count}})',
  noAlarms: 'Sin alarmas abiertas',
  moreAlarms: '+{{count}} más',
  legend: {
    title: 'Carga en vivo',
    idle: 'En reposo',
    highest: 'Máximo de la planta',
    noData: 'Sin conexión o sin datos',
    alarm: 'Alarma abierta (parpadea)',
  },
};
