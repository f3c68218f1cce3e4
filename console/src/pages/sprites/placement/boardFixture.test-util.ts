import { boardDocumentSchema, type BoardDocument } from '@shared/board/document';

/** A valid board document holding clocks at the given grid items. */
export function boardWith(items: { element: string; x: number; y: number; w: number; h: number }[], cols = 24): BoardDocument {
  return boardDocumentSchema.parse({
    schemaVersion: 1,
    meta: { name: 'Hall 2' },
    elements: Object.fromEntries(items.map((item) => [item.element, { type: 'clock' }])),
    layout: { kind: 'grid', spec: { cols, items } },
  });
}
