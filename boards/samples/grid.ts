import type { BoardDocumentInput } from '@shared/board/document';

type Elements = BoardDocumentInput['elements'];
type Element = Elements[string];

/** One widget on the 24-column sample grid: its element and where it sits. */
export interface Placed {
  id: string;
  at: [x: number, y: number, w: number, h: number];
  element: Element;
}

/** What a board is for (energy, data-show with its code, equipment with its meter); general when left out. */
export type SamplePurpose = Pick<BoardDocumentInput['meta'], 'purpose' | 'code' | 'equipmentMeterId'>;

/**
 * A 1920×1080 dark board from placed widgets: 24 columns of 40 px rows with a 12 px gap, so 20 rows fill
 * the height (20 × 52 − 12 = 1028 px under the margins).
 */
export function sampleBoard(name: string, description: string, placed: readonly Placed[], purpose: SamplePurpose = {}): BoardDocumentInput {
  return {
    schemaVersion: 1,
    meta: { name, description, ...purpose },
    theme: { mode: 'dark', background: '#07111f', accent: '#3aa0ff', backgroundImage: '' },
    canvas: { designWidth: 1920, designHeight: 1080, scaleMode: 'fit' },
    elements: Object.fromEntries(placed.map((item) => [item.id, item.element])),
    layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items: placed.map(({ id, at: [x, y, w, h] }) => ({ element: id, x, y, w, h })) } },
  };
}

/** The ids that resolved (a demo code missing from the database is left out rather than bound to nothing). */
export const resolved = (ids: (number | undefined)[]): number[] => ids.filter((id): id is number => id !== undefined);
