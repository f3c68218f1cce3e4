import type { CatalogueShape } from '../../catalogue';
import type { billAnalysisEn } from './en';

export const billAnalysisEs: CatalogueShape<typeof billAnalysisEn> = {
  title: 'Análisis de facturas',
};
