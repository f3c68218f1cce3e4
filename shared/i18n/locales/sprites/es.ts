import type { CatalogueShape } from '../../catalogue';
import type { spritesEn } from './en';

export const spritesEs: CatalogueShape<typeof spritesEn> = {
  title: 'sprites',
};
