import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { joinPath } from '@shared/menu';
import { ROUTER_MESSAGES, type routerInputSchema } from '@shared/schemas';
import type { Database, RoutersTable } from '../../db/schema';
import { flag } from '../../db/columns';
import { AppError } from '../../http/appError';

type RouterFields = z.infer<typeof routerInputSchema>;
type Row = Pick<Selectable<RoutersTable>, 'id' | 'path' | 'fullpath' | 'perm_key' | 'level' | 'parent_id' | 'type' | 'no_role'>;

/** A single business rule: the envelope carries the catalogue key itself, its issue names the field. */
const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', { message, data: { issues: [{ field, rule: 'custom', message }] } });

/** A top-level path starts with '/', a child's does not (spec §3: fullpath = parent's fullpath joined with path). */
const storedPath = (path: string, parent: Row | null) => (parent ? path.replace(/^\/+/, '') : joinPath('', path));

/**
 * An entry made here gets a key no route can ask for (routes name seeded full paths, which start with
 * '/'), so creating an entry never grants anything a route checks.
 */
const customKey = () => `custom:${randomUUID()}`;

/**
 * Writes the menu tree (/settings/router). fullpath and level always follow the parent, so moving or
 * renaming an entry rewrites its whole subtree, and a full path stays unique across the tree. The
 * permission key (perm_key) is never written after creation. The menu tree is shared by every user tree,
 * so only administrators reach these writes (tenancy 'platform' on the routes).
 */
export class RouterEditor {
  constructor(private readonly db: Kysely<Database>) {}

  async create(fields: RouterFields): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const all = await loadTree(trx);
      const parent = fields.parent === null ? null : parentOf(all, fields.parent, null);
      const path = storedPath(fields.path, parent);
      const fullpath = parent ? joinPath(parent.fullpath, path) : path;
      if (all.some((r) => r.fullpath === fullpath)) throw refuse('body.path', ROUTER_MESSAGES.fullpathTaken);
      const row = await trx
        .insertInto('routers')
        .values({ ...columns(fields), path, fullpath, perm_key: customKey(), level: parent ? parent.level + 1 : 0, parent_id: parent?.id ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  async update(id: number, fields: RouterFields): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const all = await loadTree(trx);
      const self = all.find((r) => r.id === id);
      if (!self) throw new AppError('NOT_FOUND', { message: 'No such menu entry' });
      const parent = fields.parent === null ? null : parentOf(all, fields.parent, id);
      const path = storedPath(fields.path, parent);
      const moved = relocate(all, self, parent, path);
      const movedIds = new Set(moved.map((m) => m.id));
      const taken = new Set(all.filter((r) => !movedIds.has(r.id)).map((r) => r.fullpath));
      if (moved.some((m) => taken.has(m.fullpath))) throw refuse('body.path', ROUTER_MESSAGES.fullpathTaken);
      await trx
        .updateTable('routers')
        .set({ ...columns(fields), path, parent_id: parent?.id ?? null })
        .where('id', '=', id)
        .execute();
      // Two passes through a unique column: a swap inside the subtree must not collide half-way.
      for (const m of moved)
        await trx
          .updateTable('routers')
          .set({ fullpath: `#moving#${m.id}` })
          .where('id', '=', m.id)
          .execute();
      for (const m of moved) await trx.updateTable('routers').set({ fullpath: m.fullpath, level: m.level }).where('id', '=', m.id).execute();
    });
  }

  /** Deletes the entry with its whole subtree (and their role grants); the count includes the descendants. */
  async remove(id: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const all = await loadTree(trx);
      const self = all.find((r) => r.id === id);
      if (!self) throw new AppError('NOT_FOUND', { message: 'No such menu entry' });
      const ids = subtree(all, id).map((r) => r.id);
      await trx.deleteFrom('routers').where('id', 'in', ids).execute();
      return ids.length;
    });
  }
}

function loadTree(db: Kysely<Database>): Promise<Row[]> {
  return db.selectFrom('routers').select(['id', 'path', 'fullpath', 'perm_key', 'level', 'parent_id', 'type', 'no_role']).execute();
}

/** The parent must exist and must not be the entry itself or one of its descendants (no cycles). */
function parentOf(all: readonly Row[], parentId: number, selfId: number | null): Row {
  const parent = all.find((r) => r.id === parentId);
  const inOwnSubtree = selfId !== null && subtree(all, selfId).some((r) => r.id === parentId);
  if (!parent || inOwnSubtree) throw refuse('body.parent', ROUTER_MESSAGES.parentMissing);
  return parent;
}

/** The entry and all its descendants, the entry first. */
function subtree(all: readonly Row[], rootId: number): Row[] {
  const result: Row[] = [];
  let frontier = all.filter((r) => r.id === rootId);
  while (frontier.length > 0) {
    result.push(...frontier);
    const ids = new Set(frontier.map((r) => r.id));
    frontier = all.filter((r) => r.parent_id !== null && ids.has(r.parent_id) && !result.includes(r));
  }
  return result;
}

/** New fullpath and level of the entry and every descendant after the entry takes `path` under `parent`. */
function relocate(all: readonly Row[], self: Row, parent: Row | null, path: string): { id: number; fullpath: string; level: number }[] {
  const placed = new Map<number, { fullpath: string; level: number }>();
  placed.set(self.id, { fullpath: parent ? joinPath(parent.fullpath, path) : path, level: parent ? parent.level + 1 : 0 });
  for (const row of subtree(all, self.id).slice(1)) {
    const above = placed.get(row.parent_id ?? -1);
    if (above) placed.set(row.id, { fullpath: joinPath(above.fullpath, row.path), level: above.level + 1 });
  }
  return [...placed].map(([id, where]) => ({ id, ...where }));
}

const columns = (fields: RouterFields) => ({
  type: fields.type,
  title: fields.title,
  icon: fields.icon,
  sort: fields.sort,
  hidden: flag(fields.hidden),
  no_role: flag(fields.noRole),
});
