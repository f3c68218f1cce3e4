import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenMeta } from './screenRoutes';

/**
 * One entry of the screen table. A leaf: the table imports the pages' `screens.ts` lists and those lists
 * type their entries with this, so neither imports the other.
 */
export interface ScreenDef extends ScreenMeta {
  /** The screen; without one the route shows the "coming in a later release" placeholder. */
  component?: LazyExoticComponent<ComponentType>;
}
