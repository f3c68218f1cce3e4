/**
 * Text widths without a DOM (geometry runs in tests and renders before layout): per-character advances of a
 * system sans-serif in ems, rounded up so an estimate is never narrower than the drawn text (labels then
 * never overlap; at worst they keep a little more room than needed).
 */
function advance(char: string): number {
  const code = char.codePointAt(0)!;
  // CJK, kana, hangul, full-width forms: a full em.
  if (code >= 0x2e80) return 1;
  if (/[0-9]/.test(char)) return 0.6;
  if (/[.,:;'!|il]/.test(char)) return 0.32;
  if (/[ ()\-[\]{}fjrt/]/.test(char)) return 0.4;
  if (/[mwMW]/.test(char)) return 0.9;
  if (/[A-Z%]/.test(char)) return 0.72;
  return 0.6;
}

/** The estimated width in pixels of `text` drawn at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += advance(char);
  return Math.ceil(ems * fontSize);
}

const ELLIPSIS = '…';

/** `text` if it fits in `maxWidth` pixels, else its longest prefix that fits followed by an ellipsis ('' when not even that fits). */
export function ellipsize(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  for (let length = chars.length - 1; length > 0; length--) {
    const candidate = chars.slice(0, length).join('').trimEnd() + ELLIPSIS;
    if (textWidth(candidate, fontSize) <= maxWidth) return candidate;
  }
  return '';
}
