import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

export interface PdfText {
  /** per page, its lines top to bottom; a line is its text items left to right joined by a space where they are apart */
  pages: string[][];
  /** false when no page has any text (a scanned bill, a picture) */
  hasText: boolean;
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
}

/**
 * The text of a PDF, read with pdf.js (legacy build for Node) and its CMaps, which Chinese PDFs with CID fonts
 * need. Items are grouped into lines by their baseline (within 2 pt) and ordered left to right. Throws when the
 * bytes are not a PDF pdf.js can open.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    cMapUrl: `${join(pdfjsRoot, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    const pages: string[][] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const items = (content.items as unknown[]).filter((item): item is TextItem => typeof (item as TextItem).str === 'string');
      pages.push(linesOf(items));
      page.cleanup();
    }
    return { pages, hasText: pages.some((lines) => lines.some((line) => line.trim() !== '')) };
  } finally {
    await task.destroy();
  }
}

function linesOf(items: TextItem[]): string[] {
  const rows: { y: number; parts: { x: number; end: number; str: string }[] }[] = [];
  for (const item of items) {
    if (item.str === '') continue;
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    let row = rows.find((candidate) => Math.abs(candidate.y - y) <= 2);
    if (!row) {
      row = { y, parts: [] };
      rows.push(row);
    }
    row.parts.push({ x, end: x + item.width, str: item.str });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((row) => {
    row.parts.sort((a, b) => a.x - b.x);
    let line = '';
    let end = -Infinity;
    for (const part of row.parts) {
      if (line && part.x - end > 1) line += ' ';
      line += part.str;
      end = part.end;
    }
    return line.trim();
  });
}
