import { defineTexts } from './resourceTexts';

export const memberTexts = defineTexts({
  en: {
    name: 'member',
    fields: { code: 'Code', name: 'Name', kind: 'Kind', phone: 'Mobile phone', email: 'E-mail', remark: 'Remark' },
    values: { person: 'Person', company: 'Company' },
  },
  zh: {
    name: '用户',
    fields: { code: '编号', name: '名称', kind: '类型', phone: '手机号', email: '电子邮箱', remark: '备注' },
    values: { person: '个人', company: '单位' },
  },
  es: {
    name: 'titular',
    fields: { code: 'Código', name: 'Nombre', kind: 'Tipo', phone: 'Teléfono móvil', email: 'Correo electrónico', remark: 'Observaciones' },
    values: { person: 'Persona', company: 'Empresa' },
  },
});
