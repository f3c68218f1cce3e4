import type { CatalogueShape } from '../../catalogue';
import type { shipsEn } from './en';

export const shipsEs: CatalogueShape<typeof shipsEn> = {
  title: 'Eficiencia energética de buques',
};
