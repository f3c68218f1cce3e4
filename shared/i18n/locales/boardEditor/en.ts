/** Texts of issue 8 (boardEditor); zh.ts and es.ts beside this file hold the same keys. */
export const boardEditorEn = {
  title: 'boardEditor',
};
