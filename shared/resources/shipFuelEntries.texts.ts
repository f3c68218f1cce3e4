import { defineTexts } from './resourceTexts';
import { SHIP_FUEL_LABELS } from './shipFuelTexts';

export const shipFuelEntryTexts = defineTexts({
  en: {
    name: 'fuel entry',
    fields: {
      shipId: 'Ship',
      legId: 'Voyage leg',
      fuel: 'Fuel',
      entryDay: 'Day (UTC)',
      tonnes: 'Tonnes',
      litres: 'Litres',
      densityKgM3: 'Density (kg/m³)',
      source: 'Source',
      bdnNumber: 'BDN number',
      note: 'Note',
    },
    values: { ...SHIP_FUEL_LABELS.en, bdn: 'Bunker delivery note', manual: 'Entered by hand' },
  },
  zh: {
    name: '燃油记录',
    fields: {
      shipId: '船舶',
      legId: '航段',
      fuel: '燃料',
      entryDay: '日期 (UTC)',
      tonnes: '吨',
      litres: '升',
      densityKgM3: '密度 (kg/m³)',
      source: '来源',
      bdnNumber: '燃油交付单号',
      note: '备注',
    },
    values: { ...SHIP_FUEL_LABELS.zh, bdn: '燃油交付单 (BDN)', manual: '手工录入' },
  },
  es: {
    name: 'registro de combustible',
    fields: {
      shipId: 'Buque',
      legId: 'Tramo del viaje',
      fuel: 'Combustible',
      entryDay: 'Día (UTC)',
      tonnes: 'Toneladas',
      litres: 'Litros',
      densityKgM3: 'Densidad (kg/m³)',
      source: 'Origen',
      bdnNumber: 'Número de BDN',
      note: 'Nota',
    },
    values: { ...SHIP_FUEL_LABELS.es, bdn: 'Nota de entrega de combustible', manual: 'Introducido a mano' },
  },
});
