import type { CatalogueShape } from '../../catalogue';
import type { spritesEn } from './en';

export const spritesZh: CatalogueShape<typeof spritesEn> = {
  title: 'sprites',
};
