import type { CatalogueShape } from '../../catalogue';
import type { appEn, kioskEn } from './en';

export const appZh: CatalogueShape<typeof appEn> = {
  consoleTitle: '能源管理控制台',
  kioskTitle: '能源大屏',
};

export const kioskZh: CatalogueShape<typeof kioskEn> = {
  board: '看板 {{id}}',
  visualization: '可视化',
  notFound: '此地址没有可显示的内容。',
};
