/** Texts of issue 8 (sprites); zh.ts and es.ts beside this file hold the same keys. */
export const spritesEn = {
  title: 'sprites',
};
