import { defineTexts } from './resourceTexts';

export const helpArticleTexts = defineTexts({
  en: {
    name: 'help article',
    fields: { category: 'Category', title: 'Title', language: 'Language', body: 'Text (Markdown)', sort: 'Order' },
    values: { en: 'English', zh: 'Chinese', es: 'Spanish' },
  },
  zh: {
    name: '帮助文章',
    fields: { category: '分类', title: '标题', language: '语言', body: '正文（Markdown）', sort: '排序' },
    values: { en: '英语', zh: '中文', es: '西班牙语' },
  },
  es: {
    name: 'artículo de ayuda',
    fields: { category: 'Categoría', title: 'Título', language: 'Idioma', body: 'Texto (Markdown)', sort: 'Orden' },
    values: { en: 'Inglés', zh: 'Chino', es: 'Español' },
  },
});
