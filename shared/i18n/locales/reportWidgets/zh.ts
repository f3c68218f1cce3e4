import type { CatalogueShape } from '../../catalogue';
import type { reportWidgetsEn } from './en';

/** 中文：大屏的报表组件（report-table）。 */
export const reportWidgetsZh: CatalogueShape<typeof reportWidgetsEn> = {
  noData: '暂无数据',
  choose: '请为此组件选择报表定义',
  missing: '该报表定义不存在',
  tooLarge: '该报表对大屏来说过大：请减少对象或缩短期间',
  noRows: '该报表没有数据行',
  updated: '更新于 {{time}}',
  page: '{{page}}/{{pages}}',
  estimated: '* 含估算数据',
  moreColumns_one: '另有 {{count}} 列',
  moreColumns_other: '另有 {{count}} 列',
  names: {
    'report-table': '报表',
  },
};
