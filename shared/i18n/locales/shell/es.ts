import type { CatalogueShape } from '../../catalogue';
import type { appEn, kioskEn } from './en';

export const appEs: CatalogueShape<typeof appEn> = {
  consoleTitle: 'Consola de energía',
  kioskTitle: 'Pantalla de energía',
};

export const kioskEs: CatalogueShape<typeof kioskEn> = {
  board: 'Tablero {{id}}',
  visualization: 'Visualización',
  notFound: 'No hay nada que mostrar en esta dirección.',
};
