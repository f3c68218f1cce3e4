import { defineTexts } from './resourceTexts';

export const productRecordTexts = defineTexts({
  en: {
    name: 'output record',
    fields: {
      day: 'Production day',
      lineId: 'Line',
      productId: 'Product',
      shift: 'Shift (empty: whole day)',
      quantity: 'Quantity',
      source: 'Source',
      reference: 'Reference',
      note: 'Note',
    },
    values: { manual: 'Typed in', import: 'Imported', http: 'HTTP interface', mqtt: 'MQTT' },
  },
  zh: {
    name: '产量记录',
    fields: {
      day: '生产日',
      lineId: '产线',
      productId: '产品',
      shift: '班次（空为全天）',
      quantity: '产量',
      source: '来源',
      reference: '外部编号',
      note: '备注',
    },
    values: { manual: '手工录入', import: '导入', http: 'HTTP 接口', mqtt: 'MQTT' },
  },
  es: {
    name: 'registro de producción',
    fields: {
      day: 'Día de producción',
      lineId: 'Línea',
      productId: 'Producto',
      shift: 'Turno (vacío: todo el día)',
      quantity: 'Cantidad',
      source: 'Origen',
      reference: 'Referencia',
      note: 'Nota',
    },
    values: { manual: 'Manual', import: 'Importado', http: 'Interfaz HTTP', mqtt: 'MQTT' },
  },
});
