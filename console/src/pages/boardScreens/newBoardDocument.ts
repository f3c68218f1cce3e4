import { BOARD_SCHEMA_VERSION, type BoardDocumentInput, type BoardPurpose } from '@shared/board/document';

export interface NewBoardFields {
  name: string;
  /** '' for none. */
  code: string;
  /** Equipment boards only. */
  equipmentMeterId: number | null;
}

/**
 * An empty grid board of one purpose: what "New board" sends before the editor opens on it. Theme and
 * canvas are left to the schema's defaults so a new board looks like any other new board.
 */
export function newBoardDocument(purpose: BoardPurpose, fields: NewBoardFields): BoardDocumentInput {
  return {
    schemaVersion: BOARD_SCHEMA_VERSION,
    meta: {
      name: fields.name.trim(),
      description: '',
      purpose,
      code: fields.code.trim(),
      equipmentMeterId: purpose === 'equipment' ? fields.equipmentMeterId : null,
    },
    elements: {},
    layout: { kind: 'grid', spec: { cols: 24, rowHeight: 40, gap: 12, items: [] } },
  };
}
