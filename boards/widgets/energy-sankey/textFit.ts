/**
 * Text widths without a DOM (geometry stays pure and testable): a deliberately generous estimate per
 * character, so an estimated fit is a real fit in the wall's sans-serif fonts.
 */
const NARROW = /[\s.,:;'|!iIjl()[\]\-]/;
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** Estimated width in px of `text` at `fontSize` px. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    if (WIDE.test(char)) ems += 1;
    else if (NARROW.test(char)) ems += 0.34;
    else if (/[A-Z0-9mwMW%]/.test(char)) ems += char === 'm' || char === 'w' || char === 'M' || char === 'W' || char === '%' ? 0.9 : 0.66;
    else ems += 0.58;
  }
  return ems * fontSize;
}

/**
 * `text` as it fits in `maxWidth`: whole, else shortened with an ellipsis, else '' (nothing readable fits:
 * the caller skips the label rather than drawing a lone "…").
 */
export function ellipsize(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  for (let keep = chars.length - 1; keep >= 1; keep -= 1) {
    const shortened = `${chars.slice(0, keep).join('').trimEnd()}…`;
    if (textWidth(shortened, fontSize) <= maxWidth) return shortened;
  }
  return '';
}
