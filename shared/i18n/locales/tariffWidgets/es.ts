import type { CatalogueShape } from '../../catalogue';
import type { tariffWidgetsEn } from './en';

export const tariffWidgetsEs: CatalogueShape<typeof tariffWidgetsEn> = {
  noData: 'Aún no hay datos',
  estimated: 'Incluye energía estimada (completada)',
  names: {
    'band-cost': 'Energía y coste por franja',
    'current-band': 'Franja y precio actuales',
    'shift-energy': 'Energía por turno',
  },
  bands: {
    sharp: 'Punta crítica',
    peak: 'Punta',
    flat: 'Llano',
    valley: 'Valle',
    deepValley: 'Supervalle',
  },
  bandCost: {
    energyToday: 'Energía de hoy',
    energyMonth: 'Energía de este mes',
    costToday: 'Coste de hoy',
    costMonth: 'Coste de este mes',
    none: 'Aún no hay energía con precio',
  },
  currentBand: {
    now: 'Ahora',
    noTariff: 'Aquí no se aplica ninguna tarifa',
    next: '{{band}} desde las {{time}}',
    minutes_one: 'en {{count}} min',
    minutes_other: 'en {{count}} min',
    hoursMinutes: 'en {{hours}} h {{minutes}} min',
    allDay: 'Sin cambios en 7 días',
  },
  shiftEnergy: {
    current: '{{shift}} hasta ahora ({{percent}} % del turno)',
    noCurrent: 'Ningún turno en curso',
    average_one: 'Media del último turno',
    average_other: 'Media de los últimos {{count}} turnos',
    noShifts: 'No hay turnos en el cuadrante',
  },
};
