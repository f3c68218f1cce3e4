import type { CatalogueShape } from '../../catalogue';
import type { annunciationEn } from './en';

export const annunciationEs: CatalogueShape<typeof annunciationEn> = {
  loading: 'Cargando…',
};
