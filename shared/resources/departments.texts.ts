import { defineTexts } from './resourceTexts';

export const departmentTexts = defineTexts({
  en: { name: 'department', fields: { name: 'Name', code: 'Code', parentId: 'Parent', level: 'Level', sort: 'Sort order' } },
  zh: { name: '部门', fields: { name: '名称', code: '编码', parentId: '上级', level: '层级', sort: '排序' } },
  es: { name: 'departamento', fields: { name: 'Nombre', code: 'Código', parentId: 'Superior', level: 'Nivel', sort: 'Orden' } },
});
