import type { CatalogueShape } from '../../catalogue';
import type { reportFilesEn } from './en';

export const reportFilesZh: CatalogueShape<typeof reportFilesEn> = {
  total: '合计',
  subtotal: '小计',
  page: '第 {{page}} 页，共 {{pages}} 页',
  generated: '生成于 {{time}}',
  estimatedNote: '* 含估算（补全）数据',
  noData: '该时段无数据',
};
