import type { Kysely } from 'kysely';
import type { BoardDocument } from '@shared/board/document';
import type { FieldIssue } from '@shared/errors';
import type { BoardRecord, BoardSummary, BoardUpdate } from '@shared/schemas/boards';
import { issueField, validateBoard, type BoardIssue, type WidgetLookup } from '@boards/validation/validateBoard';
import { widgetRegistry } from '@boards/widgets';
import type { Database } from '../db/schema';
import { AppError, validationError } from '../http/appError';
import { boardScope, inScope, type BoardViewer } from './boardAccess';
import { BoardEvents } from './boardEvents';
import { BoardRepository, type BoardRow } from './boardRepository';

/** The API's VALIDATION_FAILED issues for a board document: fields under `document.`. */
export function documentIssues(issues: readonly BoardIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ field: issueField(issue.path, 'document'), rule: issue.rule, message: issue.message }));
}

const notFound = () => new AppError('KANBAN_NOT_FOUND');

/**
 * Board reads and writes: every document is migrated and validated (shape, then each widget's options)
 * before it is stored, saves are optimistic on the revision, and each save or deletion is announced.
 */
export class BoardService {
  private readonly boards: BoardRepository;

  constructor(
    private readonly db: Kysely<Database>,
    readonly events: BoardEvents = new BoardEvents(),
    private readonly registry: WidgetLookup = widgetRegistry,
    private readonly clock: () => number = Date.now,
  ) {
    this.boards = new BoardRepository(db);
  }

  /** The boards the viewer may see, by name. */
  async list(viewer: BoardViewer): Promise<BoardSummary[]> {
    const scope = await boardScope(viewer, this.db);
    if (scope.kind === 'some' && scope.boardIds.size === 0) return [];
    return (await this.boards.list()).filter((row) => inScope(scope, row.id)).map((row) => this.toSummary(row, JSON.parse(row.document) as Partial<BoardDocument>));
  }

  /** One board the viewer may see; any other id (absent or out of scope) is KANBAN_NOT_FOUND alike. */
  async get(viewer: BoardViewer, id: number): Promise<BoardRecord> {
    if (!inScope(await boardScope(viewer, this.db), id)) throw notFound();
    const row = await this.boards.find(id);
    if (!row) throw notFound();
    return this.toRecord(row);
  }

  async create(document: unknown, username: string): Promise<BoardRecord> {
    const valid = this.check(document);
    const id = await this.boards.insert({ document: valid, username, now: this.clock() });
    return this.announce(id);
  }

  async update(id: number, { document, revision }: BoardUpdate, username: string): Promise<BoardRecord> {
    const valid = this.check(document);
    if (!(await this.boards.updateAtRevision(id, revision, { document: valid, username, now: this.clock() }))) {
      const current = await this.boards.find(id);
      if (!current) throw notFound();
      throw new AppError('REVISION_CONFLICT', { data: { revision: Number(current.revision), updatedAt: Number(current.updated_at), updatedBy: current.updated_by } });
    }
    return this.announce(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.boards.remove(id, this.clock()))) throw notFound();
    this.events.emit('deleted', id);
  }

  /** Migrated and validated, or VALIDATION_FAILED with every issue under `document.`. */
  check(document: unknown): BoardDocument {
    const result = validateBoard(document, this.registry);
    if (!result.ok) throw validationError(documentIssues(result.issues));
    return result.document;
  }

  private async announce(id: number): Promise<BoardRecord> {
    const row = await this.boards.find(id);
    if (!row) throw notFound(); // deleted by someone else in between
    const record = this.toRecord(row);
    this.events.emit('saved', { id: record.id, revision: record.revision, updatedAt: record.updatedAt });
    return record;
  }

  /**
   * A stored document brought up to today's widget versions. One that no longer validates (a widget
   * removed from the catalogue) is served as stored: the kiosk shows an error tile, never a missing board.
   */
  private storedDocument(row: BoardRow): BoardDocument {
    const stored: unknown = JSON.parse(row.document);
    const result = validateBoard(stored, this.registry);
    return result.ok ? result.document : (stored as BoardDocument);
  }

  private toRecord(row: BoardRow): BoardRecord {
    const document = this.storedDocument(row);
    return { ...this.toSummary(row, document), document };
  }

  /** The list reads only the canvas size, so it does not validate every document. */
  private toSummary(row: BoardRow, document: Partial<BoardDocument>): BoardSummary {
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
    };
  }
}
