import type { CatalogueShape } from '../../catalogue';
import type { displaysEn } from './en';

export const displaysEs: CatalogueShape<typeof displaysEn> = {
  title: 'Tableros y pantallas',
};
