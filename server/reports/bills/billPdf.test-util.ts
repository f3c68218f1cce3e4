import PDFDocument from 'pdfkit';
import { pdfBytes } from './billPdfWriter';

// The bill writer is product code (the demo's bills are made with it); tests keep importing it from here.
export { bandAmount, billLines, writeBillPdf, type BillFiguresInput } from './billPdfWriter';

/** A PDF with drawings only (a scanned bill has no text either). */
export function writeDrawingOnlyPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  doc.rect(50, 50, 200, 100).stroke();
  doc.rect(80, 200, 300, 40).fill('#cccccc');
  return pdfBytes(doc);
}
