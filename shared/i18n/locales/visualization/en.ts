/** English texts: The 3D plant view at /visualization. zh.ts and es.ts beside this file hold the same keys. */
export const visualizationEn = {
  title: 'Plant visualization',
};
