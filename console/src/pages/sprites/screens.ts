import { lazy } from 'react';
import { SPRITE_EDIT_SCREEN, SPRITE_VIEW_SCREEN } from '@shared/schemas/sprites';
import type { ScreenDef } from '../../routes/screenDef';

/** The ad-hoc chart screen (its folder is ../queryChart). */
export const QUERY_CHART_SCREEN = '/board/queryChart';

/** The sprite screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const SPRITE_SCREENS: Readonly<Record<string, ScreenDef>> = {
  [SPRITE_EDIT_SCREEN]: { component: lazy(() => import('./list/SpritesPage').then((m) => ({ default: m.SpritesPage }))) },
  // The live view holds its socket while mounted: while its tag is open (kept alive), closed with the tag.
  [SPRITE_VIEW_SCREEN]: { component: lazy(() => import('./view/SpriteViewPage').then((m) => ({ default: m.SpriteViewPage }))) },
  [QUERY_CHART_SCREEN]: { component: lazy(() => import('../queryChart/QueryChartPage').then((m) => ({ default: m.QueryChartPage }))) },
};
