import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The data completion screen by menu full path (spread into console/src/routes/screenTable.ts). */
export const COMPLETION_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/settings/completionHistory': { component: lazy(() => import('./CompletionPage').then((m) => ({ default: m.CompletionPage }))) },
};
