import { action, makeObservable, observable } from 'mobx';

/** Catalogue key of the title shown for a view whose route has none (spec §2 'no-name'). */
export const NO_NAME_TITLE = 'tags.noName';

/** One visited view: a tag in the tags bar (spec §2 layout). */
export interface VisitedView {
  /** The pathname: one tag per path. */
  path: string;
  /** Path plus query, where the tag leads back to. */
  fullPath: string;
  /** Catalogue key of the title. */
  title: string;
  /** Pinned: no close button, survives close-others and close-all. */
  affix: boolean;
  /** Not kept mounted when the user moves on. */
  noCache: boolean;
}

export type VisitedViewInput = Pick<VisitedView, 'path'> & Partial<VisitedView>;

/**
 * The tags bar's state: the views visited in this session and the paths whose screens stay mounted
 * (hidden) so they keep their state when revisited. UI-free; the console renders and navigates.
 */
export class TagsViewStore {
  visitedViews: VisitedView[] = [];
  /** Paths of the cached views, in the order they were opened. */
  cachedViews: string[] = [];

  constructor() {
    makeObservable(this, {
      visitedViews: observable.ref,
      cachedViews: observable.ref,
      addView: action,
      delView: action,
      delCachedView: action,
      delOthers: action,
      delAll: action,
      reset: action,
    });
  }

  /** Adds a view once per path; a revisit with another query only updates where the tag leads. */
  addView(input: VisitedViewInput): void {
    const view: VisitedView = {
      path: input.path,
      fullPath: input.fullPath ?? input.path,
      title: input.title || NO_NAME_TITLE,
      affix: input.affix ?? false,
      noCache: input.noCache ?? false,
    };
    const index = this.visitedViews.findIndex((v) => v.path === view.path);
    if (index < 0) this.visitedViews = [...this.visitedViews, view];
    else if (this.visitedViews[index]?.fullPath !== view.fullPath) {
      this.visitedViews = this.visitedViews.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath } : v));
    }
    if (!view.noCache && !this.cachedViews.includes(view.path)) this.cachedViews = [...this.cachedViews, view.path];
  }

  /** Closes one view; an affix view cannot be closed. Returns the views left. */
  delView(path: string): VisitedView[] {
    if (this.find(path)?.affix) return this.visitedViews;
    this.visitedViews = this.visitedViews.filter((v) => v.path !== path);
    this.delCachedView(path);
    return this.visitedViews;
  }

  /** Drops a view from the cache only (the refresh action remounts it). */
  delCachedView(path: string): void {
    this.cachedViews = this.cachedViews.filter((p) => p !== path);
  }

  /** Keeps the affix views and the given one. */
  delOthers(path: string): VisitedView[] {
    this.keep((v) => v.affix || v.path === path);
    return this.visitedViews;
  }

  /** Keeps only the affix views. */
  delAll(): VisitedView[] {
    this.keep((v) => v.affix);
    return this.visitedViews;
  }

  /** Forgets everything, affix views too: a new session starts from an empty bar. */
  reset(): void {
    this.visitedViews = [];
    this.cachedViews = [];
  }

  find(path: string): VisitedView | undefined {
    return this.visitedViews.find((v) => v.path === path);
  }

  private keep(predicate: (view: VisitedView) => boolean): void {
    this.visitedViews = this.visitedViews.filter(predicate);
    const kept = new Set(this.visitedViews.map((v) => v.path));
    this.cachedViews = this.cachedViews.filter((p) => kept.has(p));
  }
}
