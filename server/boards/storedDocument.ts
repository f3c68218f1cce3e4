import type { BoardDocument } from '@shared/board/document';
import { validateBoard, type WidgetLookup } from '@boards/validation/validateBoard';

/**
 * A stored document (a board's current one or an old version) brought up to today's widget versions. One
 * that no longer validates (a widget removed from the catalogue) is served as stored: the kiosk shows an
 * error tile, never a missing board.
 */
export function storedDocument(json: string, registry: WidgetLookup): BoardDocument {
  const stored: unknown = JSON.parse(json);
  const result = validateBoard(stored, registry);
  return result.ok ? result.document : (stored as BoardDocument);
}
