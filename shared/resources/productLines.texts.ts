import { defineTexts } from './resourceTexts';

export const productLineTexts = defineTexts({
  en: {
    name: 'production line',
    fields: {
      code: 'Code',
      name: 'Name',
      departmentId: 'Department (shifts)',
      energyType: 'Energy type',
      targetSecKwh: 'Target (kWh per standard unit)',
      note: 'Note',
    },
    values: { electricity: 'Electricity', water: 'Water', gas: 'Gas' },
  },
  zh: {
    name: '产线',
    fields: {
      code: '编码',
      name: '名称',
      departmentId: '所属部门（班次）',
      energyType: '能源类型',
      targetSecKwh: '目标单耗（kWh/标准单位）',
      note: '备注',
    },
    values: { electricity: '电', water: '水', gas: '燃气' },
  },
  es: {
    name: 'línea de producción',
    fields: {
      code: 'Código',
      name: 'Nombre',
      departmentId: 'Departamento (turnos)',
      energyType: 'Tipo de energía',
      targetSecKwh: 'Objetivo (kWh por unidad estándar)',
      note: 'Nota',
    },
    values: { electricity: 'Electricidad', water: 'Agua', gas: 'Gas' },
  },
});
