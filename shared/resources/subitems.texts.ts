import { defineTexts } from './resourceTexts';

export const subitemTexts = defineTexts({
  en: { name: 'sub-item', fields: { code: 'Code', name: 'Name', parentId: 'Parent', sort: 'Sort order' } },
  zh: { name: '分项', fields: { code: '编码', name: '名称', parentId: '上级', sort: '排序' } },
  es: { name: 'subpartida', fields: { code: 'Código', name: 'Nombre', parentId: 'Superior', sort: 'Orden' } },
});
