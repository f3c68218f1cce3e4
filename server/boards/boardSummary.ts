import type { BoardDocument, BoardPurpose } from '@shared/board/document';
import type { BoardReview, BoardReviewState, BoardSummary } from '@shared/schemas/boards';
import type { BoardRow } from './boardRepository';

const orNull = (value: number | null): number | null => (value === null ? null : Number(value));

/** Where an equipment board's review stands; other purposes have none. */
export function reviewOf(row: BoardRow): BoardReview | null {
  if (row.purpose !== 'equipment') return null;
  return {
    state: row.review_state as BoardReviewState,
    revision: orNull(row.review_revision),
    submittedAt: orNull(row.review_submitted_at),
    submittedBy: row.review_submitted_by,
    decidedAt: orNull(row.review_decided_at),
    decidedBy: row.review_decided_by,
    comment: row.review_comment,
  };
}

/** The list reads only the canvas size from the document, so it need not validate every one. */
export function boardSummary(row: BoardRow, document: Partial<BoardDocument>): BoardSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    revision: Number(row.revision),
    designWidth: document.canvas?.designWidth ?? 1920,
    designHeight: document.canvas?.designHeight ?? 1080,
    sample: row.sample_key !== null,
    updatedAt: Number(row.updated_at),
    updatedBy: row.updated_by,
    purpose: row.purpose as BoardPurpose,
    code: row.code,
    equipmentMeterId: orNull(row.equipment_meter_id),
    review: reviewOf(row),
  };
}

/** A summary from the row alone, parsing the stored document for its canvas. */
export const summaryOfRow = (row: BoardRow): BoardSummary => boardSummary(row, JSON.parse(row.document) as Partial<BoardDocument>);
