import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { BoardsApi } from '@shared/api/boardsApi';
import { isApiError } from '@shared/api/apiError';
import type { BoardDocument, BoardElement } from '@shared/board/document';
import { ErrorCode } from '@shared/errors/codes';
import type { BoardRecord } from '@shared/schemas/boards';
import { issueField, validateBoard, type WidgetLookup } from '@boards/validation/validateBoard';
import * as edits from './documentEdits';
import { mapIssue, type EditorIssue, type FieldIssue, type IssueSection } from './editorIssues';
import { scaledDefaultSize, type GridShape } from './gridPlacement';
import { UndoHistory, UNDO_LIMIT } from './undoHistory';

/** Who saved the board since it was loaded (the REVISION_CONFLICT answer's data). */
export interface RevisionConflict {
  revision: number;
  updatedAt: number;
  updatedBy: string;
}

export type SaveOutcome = 'saved' | 'invalid' | 'conflict' | 'failed' | 'busy';

export interface EditorStoreOptions {
  api: Pick<BoardsApi, 'board' | 'updateBoard'>;
  registry: WidgetLookup;
  now?: () => number;
  undoLimit?: number;
}

/** Which issues an edit makes stale: the scope it touched. */
interface IssueScope {
  elementId: string | null;
  section: IssueSection;
  fields?: readonly string[];
}

const sameDocument = (a: BoardDocument, b: BoardDocument): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The board editor's state, free of antd and React: the document being edited and the revision it was
 * loaded at, the selected widget, undo/redo over whole-document snapshots, the dirty flag, and saving with
 * its outcomes (field issues mapped onto widgets and inspector fields, or who saved in between).
 */
export class EditorStore {
  readonly boardId: number;
  document: BoardDocument;
  revision: number;
  selectedId: string | null = null;
  issues: readonly EditorIssue[] = [];
  saving = false;
  conflict: RevisionConflict | null = null;
  /** The document as the server last answered it; dirty compares against it. */
  private saved: BoardDocument;
  private readonly history: UndoHistory<BoardDocument>;
  /** Bumped on every history change: the undo history itself is not observable. */
  private historyTick = 0;

  constructor(
    record: BoardRecord,
    private readonly options: EditorStoreOptions,
  ) {
    this.boardId = record.id;
    this.document = record.document;
    this.saved = record.document;
    this.revision = record.revision;
    this.history = new UndoHistory(options.undoLimit ?? UNDO_LIMIT, options.now);
    makeObservable<EditorStore, 'saved' | 'historyTick' | 'change' | 'dropIssues' | 'restore'>(this, {
      document: observable.ref,
      revision: observable,
      selectedId: observable,
      issues: observable.ref,
      saving: observable,
      conflict: observable.ref,
      saved: observable.ref,
      historyTick: observable,
      dirty: computed,
      canUndo: computed,
      canRedo: computed,
      selected: computed,
      erroneousIds: computed,
      select: action,
      addWidget: action,
      applyLayout: action,
      place: action,
      nudge: action,
      remove: action,
      duplicate: action,
      setTitle: action,
      setOptions: action,
      setBinding: action,
      setMeta: action,
      setCanvas: action,
      setTheme: action,
      setGrid: action,
      undo: action,
      redo: action,
      load: action,
      keepEditing: action,
      change: action,
      dropIssues: action,
      restore: action,
    });
  }

  get dirty(): boolean {
    return !sameDocument(this.document, this.saved);
  }

  get canUndo(): boolean {
    void this.historyTick;
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    void this.historyTick;
    return this.history.canRedo;
  }

  /** The selected widget with its placement, or null. */
  get selected(): { id: string; element: BoardElement; item: BoardDocument['layout']['spec']['items'][number] } | null {
    const id = this.selectedId;
    const element = id === null ? undefined : this.document.elements[id];
    const item = this.document.layout.spec.items.find((placed) => placed.element === id);
    return id !== null && element && item ? { id, element, item } : null;
  }

  /** Widgets with a problem: their tiles are outlined red. */
  get erroneousIds(): ReadonlySet<string> {
    return new Set(this.issues.flatMap((issue) => (issue.elementId === null ? [] : [issue.elementId])));
  }

  select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id !== null && id in this.document.elements ? id : null;
    this.history.endBurst();
  }

  /** A palette widget's size on this grid (its default size scaled), or null for an unknown type. */
  sizeFor(type: string): { w: number; h: number } | null {
    const descriptor = this.options.registry.get(type);
    return descriptor ? scaledDefaultSize(descriptor.defaultSize, this.document.layout.spec) : null;
  }

  /**
   * Adds a palette widget with its default options, sized for this grid, and selects it: at the first free
   * spot after a click, or where it was dropped (with the widgets the drop pushed aside) as one undo step.
   */
  addWidget(type: string, at?: { x: number; y: number }, pushed: readonly edits.LayoutBox[] = []): string | null {
    const descriptor = this.options.registry.get(type);
    const size = this.sizeFor(type);
    if (!descriptor || !size) return null;
    const id = edits.newElementId(this.document, descriptor.id);
    const parsed = descriptor.options.safeParse({});
    const element: BoardElement = {
      type: descriptor.id,
      version: descriptor.version,
      title: '',
      options: parsed.success ? (parsed.data as Record<string, unknown>) : {},
      binding: {},
    };
    this.change(
      edits.applyLayout(
        edits.addElement(this.document, id, element, size, at),
        pushed.filter((box) => box.i !== id),
      ),
    );
    this.selectedId = id;
    return id;
  }

  /** The grid's layout after a finished drag or resize: one undo step (none when nothing moved). */
  applyLayout(boxes: readonly edits.LayoutBox[]): void {
    const moved = boxes.filter((box) => {
      const item = this.document.layout.spec.items.find((placed) => placed.element === box.i);
      return item && (item.x !== box.x || item.y !== box.y || item.w !== box.w || item.h !== box.h);
    });
    this.change(edits.applyLayout(this.document, boxes), undefined, ...moved.map((box) => ({ elementId: box.i, section: 'layout' as const })));
  }

  /** Position or size typed in the inspector (kept inside the columns); a run of edits is one undo step. */
  place(id: string, patch: Partial<Pick<edits.LayoutBox, 'x' | 'y' | 'w' | 'h'>>): void {
    const { cols } = this.document.layout.spec;
    const item = this.document.layout.spec.items.find((placed) => placed.element === id);
    if (!item) return;
    const w = Math.min(cols, Math.max(1, Math.round(patch.w ?? item.w)));
    const x = Math.min(cols - w, Math.max(0, Math.round(patch.x ?? item.x)));
    const box = { i: id, x, y: Math.max(0, Math.round(patch.y ?? item.y)), w, h: Math.max(1, Math.round(patch.h ?? item.h)) };
    this.change(edits.applyLayout(this.document, [box]), `place:${id}`, { elementId: id, section: 'layout' });
  }

  /** Arrow keys: a run of presses on one widget is one undo step. */
  nudge(dx: number, dy: number): void {
    const id = this.selectedId;
    if (id === null) return;
    this.change(edits.nudgeElement(this.document, id, dx, dy), `nudge:${id}`, { elementId: id, section: 'layout' });
  }

  remove(id = this.selectedId): void {
    if (id === null) return;
    const sections: IssueSection[] = ['options', 'binding', 'title', 'layout', 'element'];
    this.change(edits.removeElement(this.document, id), undefined, ...sections.map((section) => ({ elementId: id, section })));
    if (this.selectedId === id) this.selectedId = null;
  }

  duplicate(id = this.selectedId): string | null {
    if (id === null || !(id in this.document.elements)) return null;
    const type = this.document.elements[id]?.type ?? 'widget';
    const copyId = edits.newElementId(this.document, type);
    this.change(edits.duplicateElement(this.document, id, copyId));
    this.selectedId = copyId;
    return copyId;
  }

  setTitle(id: string, title: string): void {
    this.change(edits.patchElement(this.document, id, { title }), `title:${id}`, { elementId: id, section: 'title' });
  }

  setOptions(id: string, options: Record<string, unknown>): void {
    this.change(edits.patchElement(this.document, id, { options }), `options:${id}`, { elementId: id, section: 'options' });
  }

  setBinding(id: string, binding: BoardElement['binding']): void {
    this.change(edits.patchElement(this.document, id, { binding }), `binding:${id}`, { elementId: id, section: 'binding' });
  }

  setMeta(patch: Partial<BoardDocument['meta']>): void {
    const fields = Object.keys(patch);
    this.change(edits.setMeta(this.document, patch), `meta:${fields.join(',')}`, { elementId: null, section: 'meta', fields });
  }

  setCanvas(patch: Partial<BoardDocument['canvas']>): void {
    const fields = Object.keys(patch).map((key) => `canvas.${key}`);
    this.change(edits.setCanvas(this.document, patch), fields.join(','), { elementId: null, section: 'canvas', fields });
  }

  setTheme(patch: Partial<BoardDocument['theme']>): void {
    const fields = Object.keys(patch).map((key) => `theme.${key}`);
    this.change(edits.setTheme(this.document, patch), fields.join(','), { elementId: null, section: 'canvas', fields });
  }

  setGrid(patch: Partial<GridShape>): void {
    const fields = Object.keys(patch).map((key) => `grid.${key}`);
    this.change(edits.setGrid(this.document, patch), fields.join(','), { elementId: null, section: 'canvas', fields });
  }

  undo(): void {
    const previous = this.history.undo(this.document);
    if (previous) this.restore(previous);
  }

  redo(): void {
    const next = this.history.redo(this.document);
    if (next) this.restore(next);
  }

  /** Checks the board as the server will, then saves it over the revision it was loaded at. */
  async save(): Promise<SaveOutcome> {
    if (this.saving) return 'busy';
    const sent = this.document;
    const checked = validateBoard(sent, this.options.registry);
    if (!checked.ok) {
      this.showIssues(checked.issues.map((issue) => ({ field: issueField(issue.path, 'document'), message: issue.message })));
      return 'invalid';
    }
    runInAction(() => {
      this.saving = true;
      this.conflict = null;
    });
    try {
      const record = await this.options.api.updateBoard(this.boardId, sent, this.revision);
      runInAction(() => {
        this.revision = record.revision;
        this.saved = record.document;
        this.issues = [];
        // Edits made while the save was on its way stay (and keep the board dirty).
        if (this.document === sent) this.document = record.document;
      });
      return 'saved';
    } catch (error) {
      return runInAction(() => this.refused(error));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** Throws away the edits and loads the newest revision (after a conflict). */
  async reload(): Promise<boolean> {
    try {
      const record = await this.options.api.board(this.boardId);
      this.load(record);
      return true;
    } catch {
      return false;
    }
  }

  /** A record from the server (reload, a restored version): everything starts afresh from it. */
  load(record: BoardRecord): void {
    this.document = record.document;
    this.saved = record.document;
    this.revision = record.revision;
    this.issues = [];
    this.conflict = null;
    this.history.clear();
    this.historyTick += 1;
    if (this.selectedId !== null && !(this.selectedId in record.document.elements)) this.selectedId = null;
  }

  /** Closes the conflict notice; the next save meets the same conflict unless the board is reloaded. */
  keepEditing(): void {
    this.conflict = null;
  }

  /** Every issue mapped onto its widget and field; the first widget with one is selected. */
  showIssues(fieldIssues: readonly FieldIssue[]): void {
    runInAction(() => {
      this.issues = fieldIssues.map((issue) => mapIssue(issue, this.document));
      const first = this.issues.find((issue) => issue.elementId !== null && issue.elementId in this.document.elements);
      if (first?.elementId) this.selectedId = first.elementId;
    });
  }

  private refused(error: unknown): SaveOutcome {
    if (!isApiError(error)) return 'failed';
    if (error.code === ErrorCode.REVISION_CONFLICT) {
      const data = (error.data ?? {}) as Partial<RevisionConflict>;
      this.conflict = { revision: Number(data.revision ?? 0), updatedAt: Number(data.updatedAt ?? 0), updatedBy: String(data.updatedBy ?? '') };
      return 'conflict';
    }
    if (error.code === ErrorCode.VALIDATION_FAILED) {
      const issues = (error.data as { issues?: FieldIssue[] } | null)?.issues ?? [];
      this.showIssues(issues);
      return 'invalid';
    }
    return 'failed';
  }

  private restore(document: BoardDocument): void {
    this.document = document;
    this.historyTick += 1;
    if (this.selectedId !== null && !(this.selectedId in document.elements)) this.selectedId = null;
  }

  /** Applies an edited document as one undo step (or part of the current burst); a no-op edit records nothing. */
  private change(next: BoardDocument, burstKey?: string, ...touched: IssueScope[]): void {
    if (next === this.document) return;
    this.history.record(this.document, burstKey);
    this.document = next;
    this.historyTick += 1;
    this.dropIssues(touched);
  }

  /** Messages of what was just edited go: the field shows its new value, not the old complaint. */
  private dropIssues(scopes: readonly IssueScope[]): void {
    if (scopes.length === 0 || this.issues.length === 0) return;
    const stale = (issue: EditorIssue) =>
      scopes.some((scope) => scope.elementId === issue.elementId && scope.section === issue.section && (!scope.fields || scope.fields.includes(issue.field)));
    const kept = this.issues.filter((issue) => !stale(issue));
    if (kept.length !== this.issues.length) this.issues = kept;
  }
}
