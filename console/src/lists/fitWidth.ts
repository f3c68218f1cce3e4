/** Characters that take about two Latin letters' room (CJK, full-width forms). */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * A filter control's width in px that keeps its placeholder whole: about 7.5 px a Latin letter, 14 px a
 * CJK one at the 14 px font, plus `chrome` (padding, arrow or search button, clear icon), never below `min`
 * nor above `max`. Spanish placeholders are long ("Medidor, código o mensaje"); a fixed width cut them.
 */
export function fitWidth(text: string | undefined, { min, max = 360, chrome }: { min: number; max?: number; chrome: number }): number {
  let units = 0;
  for (const char of text ?? '') units += WIDE.test(char) ? 2 : 1;
  return Math.min(max, Math.max(min, Math.ceil(units * 7.5 + chrome)));
}

/** The toolbar's keyword box: the search button and clear icon beside the placeholder. */
export const searchBoxWidth = (placeholder: string | undefined): number => fitWidth(placeholder, { min: 220, chrome: 76 });

/** A clearable Select filter: its arrow (or clear icon) beside the placeholder. */
export const selectFilterWidth = (placeholder: string | undefined, min = 160): number => fitWidth(placeholder, { min, chrome: 48 });
