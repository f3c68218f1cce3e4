import type { CatalogueShape } from '../../catalogue';
import type { boardEditorEn } from './en';

export const boardEditorEs: CatalogueShape<typeof boardEditorEn> = {
  title: 'boardEditor',
};
