import type { CatalogueShape } from '../../catalogue';
import type { integrationsEn } from './en';

export const integrationsZh: CatalogueShape<typeof integrationsEn> = {
  loading: '加载中…',
};
