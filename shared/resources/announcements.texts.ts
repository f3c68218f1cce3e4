import { defineTexts } from './resourceTexts';

export const announcementTexts = defineTexts({
  en: {
    name: 'announcement',
    fields: {
      title: 'Title',
      body: 'Text',
      picture: 'Picture',
      onLogin: 'Login page',
      onHome: 'Console home',
      onWalls: 'Walls',
      startsOn: 'From',
      endsOn: 'Until',
      sort: 'Order',
    },
  },
  zh: {
    name: '公告',
    fields: {
      title: '标题',
      body: '正文',
      picture: '图片',
      onLogin: '登录页',
      onHome: '控制台首页',
      onWalls: '大屏',
      startsOn: '开始日期',
      endsOn: '结束日期',
      sort: '排序',
    },
  },
  es: {
    name: 'anuncio',
    fields: {
      title: 'Título',
      body: 'Texto',
      picture: 'Imagen',
      onLogin: 'Página de acceso',
      onHome: 'Inicio de la consola',
      onWalls: 'Pantallas murales',
      startsOn: 'Desde',
      endsOn: 'Hasta',
      sort: 'Orden',
    },
  },
});
