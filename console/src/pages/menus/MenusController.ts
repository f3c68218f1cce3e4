import { makeAutoObservable, runInAction } from 'mobx';
import type { RoutersApi } from '@shared/api/routersApi';
import type { RouterEntry, RouterGenerated, RouterInput } from '@shared/schemas/router';
import { authTree, type AuthNode } from '../roles/authTree';
import { changeThenReload } from '../../lists/changeThenReload';

/** /settings/router: every router entry (menus and buttons) as one tree, and the edits that reload it. */
export class MenusController {
  entries: RouterEntry[] = [];
  loading = false;
  saving = false;
  busy = false;
  expanded: number[] = [];
  private loadSeq = 0;

  constructor(private readonly api: RoutersApi) {
    makeAutoObservable<MenusController, 'api' | 'loadSeq'>(this, { api: false, loadSeq: false }, { autoBind: true });
  }

  get tree(): AuthNode[] {
    return authTree(this.entries);
  }

  byId(id: number | null): RouterEntry | null {
    return id === null ? null : (this.entries.find((entry) => entry._id === id) ?? null);
  }

  /** A late answer to an older load (the page's first, racing the reload after a change) is dropped. */
  async load(): Promise<void> {
    const seq = ++this.loadSeq;
    this.loading = true;
    try {
      const entries = await this.api.tree();
      if (seq === this.loadSeq) runInAction(() => (this.entries = entries));
    } catch {
      // The api toast said why; the tree keeps what it had.
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  setExpanded(ids: number[]): void {
    this.expanded = ids;
  }

  /** Every entry that has children, opened (or none). */
  expandAll(open: boolean): void {
    this.expanded = open ? [...new Set(this.entries.flatMap((entry) => (entry.parent === null ? [] : [entry.parent])))] : [];
  }

  /** Creates (id null) or updates; rejects with the server's error so the dialog can place it. */
  async save(id: number | null, input: RouterInput): Promise<RouterEntry> {
    this.saving = true;
    try {
      const saved = id === null ? await this.api.create(input) : await this.api.update(id, input);
      // A new child shows under its opened parent.
      const parent = input.parent ?? null;
      if (parent !== null && !this.expanded.includes(parent)) runInAction(() => (this.expanded = [...this.expanded, parent]));
      await this.load();
      return saved;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async remove(id: number): Promise<boolean> {
    return changeThenReload(this, () => this.api.remove(id));
  }

  /** GET /routers/generator; null when it failed (the toast said why). */
  async generate(): Promise<RouterGenerated | null> {
    let result: RouterGenerated | null = null;
    const done = await changeThenReload(this, async () => (result = await this.api.generate()));
    return done ? result : null;
  }
}
