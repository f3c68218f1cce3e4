import type { CatalogueShape } from '../../catalogue';
import type { productionDevicesEn } from './en';

export const productionDevicesZh: CatalogueShape<typeof productionDevicesEn> = {
  title: '生产设备',
};
