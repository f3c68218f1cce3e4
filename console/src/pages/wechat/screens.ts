import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The WeChat screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const WECHAT_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/wx/wxApp': { component: lazy(() => import('./WxAppPage').then((m) => ({ default: m.WxAppPage }))) },
  '/wx/wxUser': { component: lazy(() => import('./WxUserPage').then((m) => ({ default: m.WxUserPage }))) },
};
