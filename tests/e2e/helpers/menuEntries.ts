import type { RouterEntry, RouterList } from '@shared/schemas/router';
import { apiData } from './api';

/** A menu entry as an administrator adds it in the menu editor (/settings/router). */
export interface AddedMenuEntry {
  /** Full path of the group it goes under. */
  parent: string;
  /** Its own path segment. */
  path: string;
  /** Catalogue key of its title, as the editor asks for (`route.<segment>`). */
  title: string;
  /** Place among its siblings; default: after the shipped ones, so a group still opens on its first shipped child. */
  sort?: number;
}

/**
 * Adds the entry through the real menu API. The screen table knows no such path, so the console shows the
 * "coming in a later release" placeholder for it, whatever screens the product ships.
 */
export async function addMenuEntry(baseUrl: string, adminToken: string, entry: AddedMenuEntry): Promise<RouterEntry> {
  const tree = await apiData<RouterList>(baseUrl, adminToken, 'GET', '/api/routers/tree');
  const parent = tree.rows.find((row) => row.fullpath === entry.parent);
  if (!parent) throw new Error(`no menu entry ${entry.parent}`);
  return apiData<RouterEntry>(baseUrl, adminToken, 'POST', '/api/routers', {
    path: entry.path,
    parent: parent._id,
    type: 'menu',
    title: entry.title,
    sort: entry.sort ?? 10_000,
  });
}
