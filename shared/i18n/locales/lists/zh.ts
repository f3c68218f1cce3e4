import type { CatalogueShape } from '../../catalogue';
import type { listsEn } from './en';

export const listsZh: CatalogueShape<typeof listsEn> = {
  refresh: '刷新',
  add: '新增',
  search: '搜索',
  batchDelete: '批量删除',
  batchDeleteConfirm_one: '确定删除选中的 {{count}} 条记录吗？',
  batchDeleteConfirm: '确定删除选中的 {{count}} 条记录吗？',
  delete: '删除',
  cancel: '取消',
  total: '共 {{total}} 条',
  empty: '暂无数据',
  loadFailed: '列表加载失败。',
  retry: '重试',
  actions: '操作',
};
