import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RESOURCES, type ResourceDefinition } from '@shared/resources';

/**
 * The route of every resource with `screen: true`: its menu path shows the generic list screen, so a plain
 * resource needs no page and no line in screenTable.ts. Screens of their own (the department tree, the
 * device screen) stay in screenTable.ts.
 */
export const RESOURCE_SCREENS: Readonly<Record<string, { component: LazyExoticComponent<ComponentType> }>> = Object.fromEntries(
  (RESOURCES as readonly ResourceDefinition[])
    .filter((definition) => definition.screen)
    .map((definition) => [
      definition.menu,
      { component: lazy(() => import('./ResourceListPage').then((m) => ({ default: () => createElement(m.ResourceListPage, { definition }) }))) },
    ]),
);
