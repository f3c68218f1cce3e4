/** Texts of issue 8 (boardScreens); zh.ts and es.ts beside this file hold the same keys. */
export const boardScreensEn = {
  title: 'boardScreens',
};
