import type { CatalogueShape } from '../../catalogue';
import type { billAnalysisEn } from './en';

export const billAnalysisZh: CatalogueShape<typeof billAnalysisEn> = {
  title: '电费账单分析',
};
