import type { CatalogueShape } from '../../catalogue';
import type { productionDevicesEn } from './en';

export const productionDevicesEs: CatalogueShape<typeof productionDevicesEn> = {
  title: 'Equipos de producción',
  list: 'Equipos',
  show: 'Ver',
  pick: 'Elija un equipo de la lista para ver sus estados y cifras',
  day: 'Día',
  states: {
    running: 'En marcha',
    idle: 'En vacío',
    off: 'Apagado',
    noData: 'Sin datos',
  },
  figures: {
    runningHours: 'Horas en marcha',
    idleHours: 'Horas en vacío',
    offHours: 'Horas apagado',
    idleEnergy: 'Energía en vacío',
    energy: 'Energía',
    perRunningHour: 'Energía por hora en marcha',
    perUnit: 'Energía por unidad',
    output: 'Producción de la línea',
  },
  units: {
    hours: '{{value}} h',
    kwh: '{{value}} kWh',
    kwhPerHour: '{{value}} kWh/h',
    kwhPerUnit: '{{value}} kWh/unidad',
    units: '{{value}} unidades est.',
  },
  noLine: 'No está en una línea de producción: la energía por unidad necesita la producción de la línea',
  noOutput: 'La línea no registró producción este día',
  timeline: 'Estados durante el día',
  timelineHint: '{{state}} {{from}}–{{to}}, {{kw}} kW de media',
  thresholds: 'En marcha desde {{run}} kW, apagado hasta {{off}} kW, nominal {{rated}} kW',
  idleBars: 'Energía en vacío, últimos 30 días',
  noDays: 'No hay cifras para estos días',
  widget: {
    names: { 'idle-energy': 'Energía en vacío hoy' },
    noData: 'Aún no hay datos',
    noDevices: 'Aún no hay equipos de producción',
    total: 'en vacío hoy',
    ofEnergy: 'de {{energy}} kWh',
    idleHours: '{{value}} h en vacío',
  },
};
