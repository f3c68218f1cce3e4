import type { CatalogueShape } from '../../catalogue';
import type { boardEditorEn } from './en';

export const boardEditorZh: CatalogueShape<typeof boardEditorEn> = {
  title: 'boardEditor',
};
