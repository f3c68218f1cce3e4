import type { FastifyContextConfig } from 'fastify';

/** A route's access as published (`x-access`): the same rule `config.access` declares, in one uniform shape. */
export interface PublishedAccess {
  kind: 'public' | 'user' | 'admin' | 'permission';
  /** For 'permission': the menu or button full paths, any one of which lets the caller in (administrators always pass). */
  permissions?: string[];
  /** Whether a display token (a read-only wall) may call the route. */
  displays: boolean;
}

export function publishedAccess(config: FastifyContextConfig): PublishedAccess {
  const access = config.access ?? 'public';
  const displays = config.displays === true;
  if (typeof access === 'string') return { kind: access, displays };
  return { kind: 'permission', permissions: 'permission' in access ? [access.permission] : [...access.anyOf], displays };
}

/** The access rule in words, first line of the operation's description. */
export function accessSentence(access: PublishedAccess): string {
  const walls = access.displays ? ' Display tokens (walls) may call it.' : '';
  switch (access.kind) {
    case 'public':
      return 'Access: public, no session token.';
    case 'user':
      return `Access: any signed-in user (Bearer token).${walls}`;
    case 'admin':
      return `Access: administrators only.${walls}`;
    case 'permission': {
      const paths = (access.permissions ?? []).map((path) => `\`${path}\``).join(' or ');
      return `Access: the permission ${paths} (a menu or button of the caller's roles; administrators pass).${walls}`;
    }
  }
}

/** The tenancy declaration in words: which user tree the route's objects are scoped to. */
export function tenancySentence(tenancy: FastifyContextConfig['tenancy'], url: string): string {
  if (tenancy === undefined || tenancy === 'none') return 'Tenancy: touches no object of a user tree.';
  if (tenancy === 'platform') return 'Tenancy: platform settings every tree shares; only administrators change them.';
  const param = tenancy.param ?? 'id';
  const named = new RegExp(`:${param}(?![A-Za-z0-9_])`).test(url)
    ? `; an object named by {${param}} outside the caller's tree is answered as "not found"`
    : '; ids in the body or query are checked against the same tree';
  return `Tenancy: ${tenancy.kind}, limited to the caller's user tree${named}.`;
}
