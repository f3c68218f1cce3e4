import type { CatalogueShape } from '../../catalogue';
import type { boardScreensEn } from './en';

export const boardScreensZh: CatalogueShape<typeof boardScreensEn> = {
  title: 'boardScreens',
};
