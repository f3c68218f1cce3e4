import { isApiError } from '@shared/api/apiError';
import type { BoardsApi } from '@shared/api/boardsApi';
import { ErrorCode } from '@shared/errors/codes';
import { issueField, validateBoard, type WidgetLookup } from '@boards/validation/validateBoard';
import { widgetRegistry } from '@boards/widgets';
import { serverIssues } from '../../../forms/fieldErrors';
import { placeOnBoard, type NewBoardElement } from './boardPlacement';

/** One problem with the changed board, readable: `elements.mimic-1.options.icons.0.meterId` and its message. */
export interface PlacementIssue {
  field: string;
  message: string;
}

export type AddOutcome = { kind: 'saved'; boardId: number; elementId: string; revision: number } | { kind: 'invalid'; issues: PlacementIssue[] };

/** Server fields are `document.<path>` (serverIssues drops `body.`): the board-relative part is what reads. */
const boardField = (field: string): string => field.replace(/^document\./, '');

/**
 * Puts an element on a board: loads it (with its revision), places the element, checks the whole document
 * with the same validateBoard the server runs, then saves it on top of that revision. A document the check
 * refuses is not sent; a server VALIDATION_FAILED answer comes back as its issues. Any other failure
 * (REVISION_CONFLICT, no permission) rejects; the api hook has toasted it.
 */
export async function addToBoard(
  api: Pick<BoardsApi, 'board' | 'updateBoard'>,
  boardId: number,
  element: NewBoardElement,
  registry: WidgetLookup = widgetRegistry,
): Promise<AddOutcome> {
  const record = await api.board(boardId);
  const { document, elementId } = placeOnBoard(record.document, element);
  const checked = validateBoard(document, registry);
  if (!checked.ok) return { kind: 'invalid', issues: checked.issues.map((issue) => ({ field: issueField(issue.path), message: issue.message })) };
  try {
    const saved = await api.updateBoard(boardId, document, record.revision);
    return { kind: 'saved', boardId, elementId, revision: saved.revision };
  } catch (error) {
    if (!isApiError(error) || error.code !== ErrorCode.VALIDATION_FAILED) throw error;
    const issues = serverIssues(error);
    return {
      kind: 'invalid',
      issues: issues.length > 0 ? issues.map((issue) => ({ field: boardField(issue.field), message: issue.message })) : [{ field: '', message: error.message }],
    };
  }
}
