import { defineTexts } from './resourceTexts';

export const tagTexts = defineTexts({
  en: { name: 'tag', fields: { name: 'Name', color: 'Colour' } },
  zh: { name: '标签', fields: { name: '名称', color: '颜色' } },
  es: { name: 'etiqueta', fields: { name: 'Nombre', color: 'Color' } },
});
