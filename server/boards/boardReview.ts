import type { Kysely } from 'kysely';
import type { BoardReviewState, BoardSummary } from '@shared/schemas/boards';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import type { BoardRow } from './boardRepository';
import { boardNotFound } from './boardService';
import { summaryOfRow } from './boardSummary';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';

const refused = (field: string, message: string) => validationError([{ field, rule: 'review', message }]);
const notEquipment = () => refused('purpose', 'Only equipment boards go through review');

/** The latest of saved, submitted and decided: the review list's order. */
const lastActivity = (row: BoardRow): number => Math.max(Number(row.updated_at), Number(row.review_submitted_at ?? 0), Number(row.review_decided_at ?? 0));

/**
 * The equipment-board review (base/equipmentBoard submits, base/equipmentBoardCheck decides): draft or
 * rejected → pending → approved | rejected, by someone other than the submitter. Each step is one
 * conditional UPDATE, so two people acting at once cannot both move the board; when it refuses, the row
 * is read again to say why. A later save sends the board back to draft (BoardRepository.updateAtRevision).
 */
export class BoardReviews {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Equipment boards of the caller's tree, optionally in one state, most recent activity first. */
  async list(state: BoardReviewState | undefined, tree: OwnerScope): Promise<BoardSummary[]> {
    const owners = ownerIds(tree);
    if (owners !== null && owners.length === 0) return [];
    let query = this.db.selectFrom('boards').selectAll().where('purpose', '=', 'equipment');
    if (state) query = query.where('review_state', '=', state);
    if (owners !== null) query = query.where('owner_user_id', 'in', owners);
    const rows = await query.execute();
    return rows.sort((a, b) => lastActivity(b) - lastActivity(a) || b.id - a.id).map(summaryOfRow);
  }

  /** Sends `revision` (the current one) for review. */
  async submit(id: number, revision: number, username: string): Promise<BoardSummary> {
    const result = await this.db
      .updateTable('boards')
      .set({
        review_state: 'pending',
        review_revision: revision,
        review_submitted_at: this.clock(),
        review_submitted_by: username,
        review_decided_at: null,
        review_decided_by: null,
        review_comment: '',
      })
      .where('id', '=', id)
      .where('purpose', '=', 'equipment')
      .where('review_state', 'in', ['draft', 'rejected'])
      .where('revision', '=', revision)
      .executeTakeFirst();
    const row = await this.row(id);
    if (Number(result.numUpdatedRows) === 1) return summaryOfRow(row);
    if (row.purpose !== 'equipment') throw notEquipment();
    if (row.review_state === 'pending') throw refused('state', 'This board is already waiting for review');
    if (row.review_state === 'approved') throw refused('state', 'This board is already approved');
    throw new AppError('REVISION_CONFLICT', { data: { revision: Number(row.revision), updatedAt: Number(row.updated_at), updatedBy: row.updated_by } });
  }

  /** Approves or rejects (with the reviewer's comment) a pending board. */
  async decide(id: number, decision: { approve: boolean; comment: string }, username: string): Promise<BoardSummary> {
    const result = await this.db
      .updateTable('boards')
      .set({
        review_state: decision.approve ? 'approved' : 'rejected',
        review_decided_at: this.clock(),
        review_decided_by: username,
        review_comment: decision.comment,
      })
      .where('id', '=', id)
      .where('purpose', '=', 'equipment')
      .where('review_state', '=', 'pending')
      .where('review_submitted_by', '<>', username)
      .executeTakeFirst();
    const row = await this.row(id);
    if (Number(result.numUpdatedRows) === 1) return summaryOfRow(row);
    if (row.purpose !== 'equipment') throw notEquipment();
    if (row.review_state !== 'pending') throw refused('state', 'This board is not waiting for review');
    throw refused('decidedBy', 'A board cannot be reviewed by the person who submitted it');
  }

  private async row(id: number): Promise<BoardRow> {
    const row = await this.db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw boardNotFound();
    return row;
  }
}
