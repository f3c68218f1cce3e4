import type { CatalogueShape } from '../../catalogue';
import type { listsEn } from './en';

export const listsEs: CatalogueShape<typeof listsEn> = {
  refresh: 'Actualizar',
  add: 'Añadir',
  search: 'Buscar',
  batchDelete: 'Eliminar selección',
  batchDeleteConfirm_one: '¿Eliminar la entrada seleccionada?',
  batchDeleteConfirm: '¿Eliminar las {{count}} entradas seleccionadas?',
  delete: 'Eliminar',
  cancel: 'Cancelar',
  total: '{{total}} en total',
  empty: 'Sin entradas',
  loadFailed: 'No se pudo cargar la lista.',
  retry: 'Reintentar',
  actions: 'Acciones',
};
