import type { CatalogueShape } from '../../catalogue';
import type { shipsEn } from './en';

export const shipsZh: CatalogueShape<typeof shipsEn> = {
  title: '船舶能效',
};
