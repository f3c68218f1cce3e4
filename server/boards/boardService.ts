import type { Kysely } from 'kysely';
import type { BoardDocument, BoardPurpose } from '@shared/board/document';
import type { FieldIssue } from '@shared/errors';
import type { BoardRecord, BoardSummary, BoardUpdate } from '@shared/schemas/boards';
import { issueField, validateBoard, type BoardIssue, type WidgetLookup } from '@boards/validation/validateBoard';
import { widgetRegistry } from '@boards/widgets';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { boardScope, inScope, type BoardViewer } from './boardAccess';
import { boardNotShared } from './boardNotShared';
import { BoardEvents } from './boardEvents';
import { assertBoardReferences, withCodeGuard } from './boardReferences';
import { BoardRepository, type BoardRow } from './boardRepository';
import { boardSummary, summaryOfRow } from './boardSummary';
import { versionNote } from './boardVersions';
import { inScope as inTree, ownerIds, type OwnerScope } from '../tenancy/ownerScope';
import { treeOfOwner } from './ownerTree';
import { storedDocument } from './storedDocument';

/** The API's VALIDATION_FAILED issues for a board document: fields under `document.`. */
export function documentIssues(issues: readonly BoardIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ field: issueField(issue.path, 'document'), rule: issue.rule, message: issue.message }));
}

export const boardNotFound = () => new AppError('KANBAN_NOT_FOUND');

/** The tree a new board goes to: its owner, and the scope its references (equipment meter) must be in. */
export interface BoardTree {
  owner: number;
  scope: OwnerScope;
}

const MAX_NAME = 80;
const COPY_SUFFIX = ' (copy)';
/** "<name> (copy)", shortened so it still fits the name's 80 characters. */
export const copyName = (name: string): string => `${name.slice(0, MAX_NAME - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;

/**
 * Board reads and writes: every document is migrated and validated (shape, then each widget's options,
 * then its code and equipment meter) before it is stored, saves are optimistic on the revision, every save
 * is kept in the board's history, and each save or deletion is announced.
 */
export class BoardService {
  private readonly boards: BoardRepository;

  constructor(
    private readonly db: Kysely<Database>,
    readonly events: BoardEvents = new BoardEvents(),
    readonly registry: WidgetLookup = widgetRegistry,
    private readonly clock: () => number = Date.now,
  ) {
    this.boards = new BoardRepository(db);
  }

  /** The boards of the viewer's tree it may see, by name; optionally only those of one purpose. */
  async list(viewer: BoardViewer, purpose?: BoardPurpose): Promise<BoardSummary[]> {
    const scope = await boardScope(viewer, this.db);
    if (scope.kind === 'some' && scope.boardIds.size === 0) return [];
    return (await this.boards.list(purpose, ownerIds(await viewer.ownerScope()))).filter((row) => inScope(scope, row.id)).map(summaryOfRow);
  }

  /**
   * One board the viewer may see. Absent or of another tree: KANBAN_NOT_FOUND alike (another tree's boards
   * are not even confirmed to exist); of the viewer's own tree but not shared with it: FORBIDDEN, saying
   * whom to ask (boardNotShared.ts).
   */
  async get(viewer: BoardViewer, id: number): Promise<BoardRecord> {
    const row = await this.row(id);
    await this.assertMaySee(viewer, row);
    return this.toRecord(row);
  }

  /** A board by its code (data-show boards open this way), with the same rule as by id. */
  async getByCode(viewer: BoardViewer, code: string): Promise<BoardRecord> {
    const row = await this.boards.findByCode(code);
    if (!row) throw boardNotFound();
    await this.assertMaySee(viewer, row);
    return this.toRecord(row);
  }

  private async assertMaySee(viewer: BoardViewer, row: BoardRow): Promise<void> {
    if (!inTree(await viewer.ownerScope(), row.owner_user_id)) throw boardNotFound();
    if (!inScope(await boardScope(viewer, this.db), row.id)) throw await boardNotShared(this.db, row);
  }

  /** The board row, or KANBAN_NOT_FOUND. */
  async row(id: number): Promise<BoardRow> {
    const row = await this.boards.find(id);
    if (!row) throw boardNotFound();
    return row;
  }

  async create(document: unknown, username: string, tree: BoardTree, note = versionNote.created): Promise<BoardRecord> {
    const valid = this.check(document);
    await assertBoardReferences(this.db, valid.meta, null, tree.scope);
    const id = await withCodeGuard(() => this.boards.insert({ document: valid, username, now: this.clock(), note }, tree.owner));
    return this.announce(id);
  }

  update(id: number, { document, revision }: BoardUpdate, username: string, caller: OwnerScope): Promise<BoardRecord> {
    return this.save(id, revision, document, username, versionNote.saved, caller);
  }

  /**
   * Writes `document` as the revision after `revision` (REVISION_CONFLICT when that is no longer current);
   * its references must be in the board's tree, whoever (`caller`) saves it.
   */
  async save(id: number, revision: number, document: unknown, username: string, note: string, caller: OwnerScope): Promise<BoardRecord> {
    const valid = this.check(document);
    const tree = await treeOfOwner(this.db, caller, (await this.row(id)).owner_user_id);
    await assertBoardReferences(this.db, valid.meta, id, tree);
    const saved = await withCodeGuard(() => this.boards.updateAtRevision(id, revision, { document: valid, username, now: this.clock(), note }));
    if (!saved) {
      const current = await this.row(id);
      throw new AppError('REVISION_CONFLICT', {
        data: { revision: Number(current.revision), updatedAt: Number(current.updated_at), updatedBy: current.updated_by },
      });
    }
    return this.announce(id);
  }

  /** A copy with its own history in the source's tree: "<name> (copy)" or the given name, no code (codes are unique), same purpose. */
  async duplicate(id: number, name: string | undefined, username: string, caller: OwnerScope): Promise<BoardRecord> {
    const source = await this.row(id);
    const document = storedDocument(source.document, this.registry);
    const meta = { ...document.meta, name: name ?? copyName(source.name), code: '' };
    const tree = { owner: source.owner_user_id, scope: await treeOfOwner(this.db, caller, source.owner_user_id) };
    return this.create({ ...document, meta }, username, tree, versionNote.duplicated(id));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.boards.remove(id, this.clock()))) throw boardNotFound();
    this.events.emit('deleted', id);
  }

  /** Migrated and validated, or VALIDATION_FAILED with every issue under `document.`. */
  check(document: unknown): BoardDocument {
    const result = validateBoard(document, this.registry);
    if (!result.ok) throw validationError(documentIssues(result.issues));
    return result.document;
  }

  private async announce(id: number): Promise<BoardRecord> {
    const record = this.toRecord(await this.row(id)); // KANBAN_NOT_FOUND if deleted by someone else in between
    this.events.emit('saved', { id: record.id, revision: record.revision, updatedAt: record.updatedAt });
    return record;
  }

  private toRecord(row: BoardRow): BoardRecord {
    const document = storedDocument(row.document, this.registry);
    return { ...boardSummary(row, document), document };
  }
}
