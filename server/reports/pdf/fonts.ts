import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The one font every generated PDF uses: Noto Sans SC (SIL Open Font License) from the npm package
 * @expo-google-fonts/noto-sans-sc, so a fresh machine with no system fonts and no browser still writes Chinese,
 * English and Spanish. It covers CJK, Latin and the accents; pdfkit embeds only the glyphs a document uses.
 * Read once per process (about 10 MB each).
 */
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
export type PdfFontWeight = keyof typeof FILES;

const cache = new Map<PdfFontWeight, Buffer>();

export function pdfFont(weight: PdfFontWeight = 'regular'): Buffer {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FILES[weight]));
    cache.set(weight, bytes);
  }
  return bytes;
}

/** Registers the two weights on a pdfkit document as 'body' and 'bold' and selects 'body'. */
export function registerReportFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('body', pdfFont('regular'));
  doc.registerFont('bold', pdfFont('bold'));
  doc.font('body');
}
