import { defineTexts } from './resourceTexts';
import { SHIP_FUEL_LABELS } from './shipFuelTexts';

export const shipFuelMeterTexts = defineTexts({
  en: {
    name: 'fuel flow meter',
    fields: { shipId: 'Ship', meterId: 'Meter', fuel: 'Fuel', volumeUnit: 'Counts in', densityKgM3: 'Density (kg/m³)', note: 'Note' },
    values: { ...SHIP_FUEL_LABELS.en, l: 'Litres', m3: 'Cubic metres' },
  },
  zh: {
    name: '燃油流量计',
    fields: { shipId: '船舶', meterId: '仪表', fuel: '燃料', volumeUnit: '计量单位', densityKgM3: '密度 (kg/m³)', note: '备注' },
    values: { ...SHIP_FUEL_LABELS.zh, l: '升', m3: '立方米' },
  },
  es: {
    name: 'caudalímetro de combustible',
    fields: { shipId: 'Buque', meterId: 'Medidor', fuel: 'Combustible', volumeUnit: 'Cuenta en', densityKgM3: 'Densidad (kg/m³)', note: 'Nota' },
    values: { ...SHIP_FUEL_LABELS.es, l: 'Litros', m3: 'Metros cúbicos' },
  },
});
