import type { Kysely } from 'kysely';
import type { BoardDocument } from '@shared/board/document';
import type { FieldIssue } from '@shared/errors';
import type { Database } from '../db/schema';
import { ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { validationError } from '../http/appError';

const codeTaken: FieldIssue = { field: 'document.meta.code', rule: 'unique', message: 'This board code is already used' };
const noMeter: FieldIssue = { field: 'document.meta.equipmentMeterId', rule: 'exists', message: 'No meter with this id' };

/**
 * What the document schema cannot see: the code is not another board's, the equipment meter exists in
 * the board's tree (`tree`; a meter of another tree reads as missing). `selfId` is the board being saved
 * (null for a new one). Codes are unique across every tree: a data-show address names one board.
 */
export async function assertBoardReferences(db: Kysely<Database>, meta: BoardDocument['meta'], selfId: number | null, tree: OwnerScope): Promise<void> {
  const issues: FieldIssue[] = [];
  if (meta.code !== '') {
    const holder = await db.selectFrom('boards').select('id').where('code', '=', meta.code).executeTakeFirst();
    if (holder && holder.id !== selfId) issues.push(codeTaken);
  }
  if (meta.equipmentMeterId !== null) {
    const owners = ownerIds(tree);
    let query = db.selectFrom('meters').select('id').where('id', '=', meta.equipmentMeterId);
    if (owners !== null) query = query.where('owner_user_id', 'in', owners.length ? owners : [0]);
    const meter = await query.executeTakeFirst();
    if (!meter) issues.push(noMeter);
  }
  if (issues.length > 0) throw validationError(issues);
}

/** The boards_code_unique index refused a write (two saves of one code raced past the check). */
function isCodeCollision(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, constraint } = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (code === '23505') return constraint === 'boards_code_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('boards.code');
}

/** Runs a board write, answering the unique-index violation of a raced code as the check would have. */
export async function withCodeGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isCodeCollision(error)) throw validationError([codeTaken]);
    throw error;
  }
}
