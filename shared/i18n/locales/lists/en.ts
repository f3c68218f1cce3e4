/** Texts of the paged-list kit (console/src/lists) every list screen shares; zh.ts and es.ts hold the same keys. */
export const listsEn = {
  refresh: 'Refresh',
  add: 'Add',
  search: 'Search',
  batchDelete: 'Delete selected',
  batchDeleteConfirm_one: 'Delete the selected entry?',
  batchDeleteConfirm: 'Delete the {{count}} selected entries?',
  delete: 'Delete',
  cancel: 'Cancel',
  total: '{{total}} in total',
  empty: 'No entries',
  loadFailed: 'The list could not be loaded.',
  retry: 'Try again',
  actions: 'Actions',
};
