/** English texts: the wall widgets of prepaid rooms (prepaid-overview, room-credit). zh.ts and es.ts beside this file hold the same keys. */
export const prepaidWidgetsEn = {
  noData: 'No data yet',
  noRooms: 'No prepaid rooms yet',
  names: {
    'prepaid-overview': 'Prepaid rooms by state',
    'room-credit': 'Rooms by days of credit left',
  },
  states: {
    normal: 'Normal',
    alarm1: 'Alarm 1',
    alarm2: 'Alarm 2',
    arrears: 'Arrears',
    cut: 'Cut off',
    keepSupply: 'Keep supply',
    noData: 'No data',
  },
  overview: {
    rooms_one: 'room',
    rooms_other: 'rooms',
    topupsToday: 'Top-ups today',
    topupCount_one: '{{count}} top-up',
    topupCount_other: '{{count}} top-ups',
  },
  roomCredit: {
    room: 'Room',
    member: 'Member',
    balance: 'Balance',
    daysLeft: 'Days left',
    state: 'State',
    days: '{{days}} d',
  },
};
