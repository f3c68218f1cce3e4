import { defineTexts } from './resourceTexts';

export const roomTexts = defineTexts({
  en: {
    name: 'room',
    fields: {
      code: 'Code',
      building: 'Building',
      floor: 'Floor',
      number: 'Room number',
      area: 'Area (m²)',
      departmentId: 'Department',
      memberId: 'Member',
      meterIds: 'Meters',
      remark: 'Remark',
    },
  },
  zh: {
    name: '房间',
    fields: {
      code: '编号',
      building: '楼栋',
      floor: '楼层',
      number: '房号',
      area: '面积 (m²)',
      departmentId: '部门',
      memberId: '用户',
      meterIds: '仪表',
      remark: '备注',
    },
  },
  es: {
    name: 'local',
    fields: {
      code: 'Código',
      building: 'Edificio',
      floor: 'Planta',
      number: 'Número de local',
      area: 'Superficie (m²)',
      departmentId: 'Departamento',
      memberId: 'Titular',
      meterIds: 'Medidores',
      remark: 'Observaciones',
    },
  },
});
