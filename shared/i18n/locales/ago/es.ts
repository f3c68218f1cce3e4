import type { CatalogueShape } from '../../catalogue';
import type { agoEn } from './en';

export const agoEs: CatalogueShape<typeof agoEn> = {
  justNow: 'ahora mismo',
  minutes: 'hace {{count}} min',
  hours: 'hace {{count}} h',
  oneDay: 'hace 1 día',
  date: 'el {{date}}',
};
