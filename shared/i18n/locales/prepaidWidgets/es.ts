import type { CatalogueShape } from '../../catalogue';
import type { prepaidWidgetsEn } from './en';

/** Español: los widgets de pared de los locales de prepago (prepaid-overview, room-credit). */
export const prepaidWidgetsEs: CatalogueShape<typeof prepaidWidgetsEn> = {
  noData: 'Aún no hay datos',
  noRooms: 'Aún no hay locales de prepago',
  names: {
    'prepaid-overview': 'Locales de prepago por estado',
    'room-credit': 'Locales por días de saldo',
  },
  states: {
    normal: 'Normal',
    alarm1: 'Alarma 1',
    alarm2: 'Alarma 2',
    arrears: 'Deuda',
    cut: 'Cortado',
    keepSupply: 'Suministro garantizado',
    noData: 'Sin datos',
  },
  overview: {
    rooms_one: 'local',
    rooms_other: 'locales',
    topupsToday: 'Recargas de hoy',
    topupCount_one: '{{count}} recarga',
    topupCount_other: '{{count}} recargas',
  },
  roomCredit: {
    room: 'Local',
    member: 'Titular',
    balance: 'Saldo',
    daysLeft: 'Días de saldo',
    state: 'Estado',
    days: '{{days}} d',
  },
};
