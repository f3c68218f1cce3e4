import type { CatalogueShape } from '../../catalogue';
import type { liveWidgetsEn } from './en';

export const liveWidgetsEs: CatalogueShape<typeof liveWidgetsEn> = {
  noData: 'Aún no hay datos',
  names: {
    'top-n': 'Tabla de mayores consumos',
    'alarm-counters': 'Contadores de alarmas',
    'alarm-ticker': 'Lista de alarmas',
    clock: 'Reloj',
    text: 'Texto',
    image: 'Imagen',
    announcements: 'Anuncios',
    mimic: 'Vista sinóptica',
    'bar-3d': 'Barras de energía en 3D',
  },
  topN: {
    rank: '#',
    name: 'Nombre',
    energy: 'Energía',
    share: 'Porcentaje',
  },
  alarmCounters: {
    total: 'Todas las alarmas abiertas',
  },
  alarmTicker: {
    none: 'No hay alarmas abiertas',
    enableSound: 'Haga clic para activar el sonido',
    acknowledged: 'Reconocida',
    ended: 'Terminó {{time}}',
    more_one: '+{{count}} más',
    more_other: '+{{count}} más',
  },
  announcements: {
    none: 'Hoy no hay anuncios',
  },
  image: {
    none: 'No se ha elegido ninguna imagen',
  },
  mimic: {
    meter: 'Medidor {{id}}',
    inAlarm: 'En alarma',
  },
  bar3d: {
    chooseDepartments: 'Elija los departamentos a comparar',
  },
};
