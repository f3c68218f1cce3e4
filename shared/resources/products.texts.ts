import { defineTexts } from './resourceTexts';

export const productTexts = defineTexts({
  en: {
    name: 'product',
    fields: {
      code: 'Code',
      name: 'Name',
      unit: 'Unit',
      standardCoefficient: 'Standard coefficient',
      targetSecKwh: 'Target (kWh per unit)',
      note: 'Note',
    },
  },
  zh: {
    name: '产品',
    fields: {
      code: '编码',
      name: '名称',
      unit: '单位',
      standardCoefficient: '标准品折算系数',
      targetSecKwh: '目标单耗（kWh/单位）',
      note: '备注',
    },
  },
  es: {
    name: 'producto',
    fields: {
      code: 'Código',
      name: 'Nombre',
      unit: 'Unidad',
      standardCoefficient: 'Coeficiente estándar',
      targetSecKwh: 'Objetivo (kWh por unidad)',
      note: 'Nota',
    },
  },
});
