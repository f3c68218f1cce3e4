import type { FastifyInstance } from 'fastify';
import { menuGroupOf } from '@shared/schemas/siteSettings';
import type { RouterEntry } from '@shared/schemas';
import type { Access } from '../http/access';
import type { SiteSettingsService } from './siteSettingsService';

/**
 * Hidden menu groups: a group the site does not use is gone from every menu, and its screens' API routes
 * answer exactly like routes that do not exist. Nothing is deleted; un-hiding brings it all back.
 */

/** The menu groups an API route serves, from the menu paths its `access` names; [] for public, 'user' and 'admin' routes. */
export function routeGroups(access: Access | undefined): string[] {
  if (!access || typeof access === 'string') return [];
  const paths = 'permission' in access ? [access.permission] : access.anyOf;
  return paths.map(menuGroupOf).filter((group): group is string => group !== null);
}

/** A route is hidden when every screen it serves is in a hidden group (one shared with a visible screen stays). */
export function isRouteHidden(access: Access | undefined, hidden: ReadonlySet<string>): boolean {
  if (hidden.size === 0) return false;
  const groups = routeGroups(access);
  return groups.length > 0 && groups.every((group) => hidden.has(group));
}

/** The group of a menu entry: by its permission key (the product's path, stable across renames), else its current full path. */
export function entryGroup(entry: Pick<RouterEntry, 'key' | 'fullpath'>): string | null {
  return menuGroupOf(entry.key.startsWith('/') ? entry.key : entry.fullpath);
}

/** The menu entries without those of hidden groups; `children` keeps only entries still listed. */
export function visibleMenuEntries(entries: RouterEntry[], hiddenGroups: readonly string[]): RouterEntry[] {
  if (hiddenGroups.length === 0) return entries;
  const hidden = new Set(hiddenGroups);
  const kept = entries.filter((entry) => {
    const group = entryGroup(entry);
    return group === null || !hidden.has(group);
  });
  const ids = new Set(kept.map((entry) => entry._id));
  return kept.map((entry) => ({ ...entry, children: entry.children.filter((id) => ids.has(id)) }));
}

/**
 * Answers a hidden group's API routes with the server's own "not found" (the same body as an unknown path),
 * before authentication: a hidden route does not exist for anyone, admins included. Register it before the
 * access hook.
 */
export function registerHiddenGroupGate(app: FastifyInstance, settings: SiteSettingsService): void {
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (routeGroups(access).length === 0) return;
    const { hiddenGroups } = await settings.fresh();
    if (isRouteHidden(access, new Set(hiddenGroups))) return reply.callNotFound();
  });
}
