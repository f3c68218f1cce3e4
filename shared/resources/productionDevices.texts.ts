import { defineTexts } from './resourceTexts';

export const productionDeviceTexts = defineTexts({
  en: {
    name: 'production device',
    fields: {
      code: 'Code',
      name: 'Name',
      lineId: 'Production line',
      meterIds: 'Meters',
      ratedPowerKw: 'Rated power (kW)',
      runThresholdKw: 'Running from (kW)',
      offThresholdKw: 'Off up to (kW)',
      note: 'Note',
    },
  },
  zh: {
    name: '生产设备',
    fields: {
      code: '编码',
      name: '名称',
      lineId: '生产线',
      meterIds: '计量仪表',
      ratedPowerKw: '额定功率 (kW)',
      runThresholdKw: '运行阈值 (kW)',
      offThresholdKw: '停机阈值 (kW)',
      note: '备注',
    },
  },
  es: {
    name: 'equipo de producción',
    fields: {
      code: 'Código',
      name: 'Nombre',
      lineId: 'Línea de producción',
      meterIds: 'Medidores',
      ratedPowerKw: 'Potencia nominal (kW)',
      runThresholdKw: 'En marcha desde (kW)',
      offThresholdKw: 'Apagado hasta (kW)',
      note: 'Nota',
    },
  },
});
