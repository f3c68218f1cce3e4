/** English texts: the wall widgets of tariffs and shifts (band-cost, current-band, shift-energy). zh.ts and es.ts beside this file hold the same keys. */
export const tariffWidgetsEn = {
  noData: 'No data yet',
  estimated: 'Includes estimated (completed) energy',
  names: {
    'band-cost': 'Energy and cost by band',
    'current-band': 'Current band and price',
    'shift-energy': 'Shift energy',
  },
  bands: {
    sharp: 'Sharp peak',
    peak: 'Peak',
    flat: 'Flat',
    valley: 'Valley',
    deepValley: 'Deep valley',
  },
  bandCost: {
    energyToday: 'Energy today',
    energyMonth: 'Energy this month',
    costToday: 'Cost today',
    costMonth: 'Cost this month',
    none: 'No priced energy yet',
  },
  currentBand: {
    now: 'Now',
    noTariff: 'No tariff applies here',
    next: '{{band}} from {{time}}',
    minutes_one: 'in {{count}} min',
    minutes_other: 'in {{count}} min',
    hoursMinutes: 'in {{hours}} h {{minutes}} min',
    allDay: 'No change within 7 days',
  },
  shiftEnergy: {
    current: '{{shift}} so far ({{percent}}% of the shift)',
    noCurrent: 'No shift under way',
    average_one: 'Average of the last shift',
    average_other: 'Average of the last {{count}} shifts',
    noShifts: 'No shifts in the rota',
  },
};
