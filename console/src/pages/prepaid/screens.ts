import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The prepaid screens by menu full path (spread into console/src/routes/screenTable.ts after the resource screens, so /pay/room is this page). */
export const PREPAID_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/pay/room': { component: lazy(() => import('./RoomsPage').then((m) => ({ default: m.RoomsPage }))) },
  '/pay/member': { component: lazy(() => import('./MembersPage').then((m) => ({ default: m.MembersPage }))) },
  '/pay/user-item': { component: lazy(() => import('./UserItemsPage').then((m) => ({ default: m.UserItemsPage }))) },
  '/pay/power-hour-record': { component: lazy(() => import('./DeductionsPage').then((m) => ({ default: m.DeductionsPage }))) },
};
