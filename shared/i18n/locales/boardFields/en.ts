/** Texts of issue 8 (boardFields); zh.ts and es.ts beside this file hold the same keys. */
export const boardFieldsEn = {
  title: 'boardFields',
};
