/** Texts of /power-comparison/power-data-import and oil-hydrogen-data-import; zh.ts and es.ts hold the same keys. */
export const powerImportsEn = {
  title: 'Imported power and fuel data',
};
