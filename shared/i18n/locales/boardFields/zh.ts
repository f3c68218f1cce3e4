import type { CatalogueShape } from '../../catalogue';
import type { boardFieldsEn } from './en';

export const boardFieldsZh: CatalogueShape<typeof boardFieldsEn> = {
  title: 'boardFields',
};
