/** A row (and the header) is this many times the font size high. */
export const ROW_LINES = 1.5;
/** Below this the text is unreadable across a control room: fewer rows are shown instead. */
export const MIN_FONT = 10;

/**
 * The font size and how many room rows fit a tile: the rows asked for at up to 16 px × scale, shrinking the font to fit
 * them all down to MIN_FONT, then as many rows as fit at MIN_FONT (the fewest days left are first, so the rows left
 * out are the rooms with the most credit). Width bounds the font too (five columns of about 9 characters: some 28 em).
 */
export function fittingRows(height: number, width: number, scale: number, wanted: number): { font: number; rows: number } {
  const padding = 0.6;
  const font = Math.max(MIN_FONT, Math.min(16 * scale, height / ((wanted + 1) * ROW_LINES + padding), width / 28));
  const rows = Math.max(0, Math.min(wanted, Math.floor((height / font - padding) / ROW_LINES) - 1));
  return { font, rows };
}
