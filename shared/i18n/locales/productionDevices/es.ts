import type { CatalogueShape } from '../../catalogue';
import type { productionDevicesEn } from './en';

export const productionDevicesEs: CatalogueShape<typeof productionDevicesEn> = {
  title: 'Equipos de producción',
};
