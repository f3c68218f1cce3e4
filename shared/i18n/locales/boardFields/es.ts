import type { CatalogueShape } from '../../catalogue';
import type { boardFieldsEn } from './en';

export const boardFieldsEs: CatalogueShape<typeof boardFieldsEn> = {
  title: 'boardFields',
};
