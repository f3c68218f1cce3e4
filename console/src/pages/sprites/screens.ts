import type { ScreenDef } from '../../routes/screenTable';

/** Issue 8 screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const SPRITE_SCREENS: Readonly<Record<string, ScreenDef>> = {};
