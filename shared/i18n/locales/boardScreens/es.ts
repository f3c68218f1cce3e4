import type { CatalogueShape } from '../../catalogue';
import type { boardScreensEn } from './en';

export const boardScreensEs: CatalogueShape<typeof boardScreensEn> = {
  title: 'boardScreens',
};
