import type { CatalogueShape } from '../../catalogue';
import type { deviceAdminEn } from './en';

export const deviceAdminZh: CatalogueShape<typeof deviceAdminEn> = {
  loading: '加载中…',
};
