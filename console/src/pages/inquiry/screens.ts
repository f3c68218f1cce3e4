import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/**
 * The inquiry screens by menu full path (spread into console/src/routes/screenTable.ts). Announcements
 * need no line: their resource definition has `screen: true`, so the generic list shows them.
 */
export const INQUIRY_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/inquiry/helpCenter': { component: lazy(() => import('./HelpArticlesPage').then((m) => ({ default: m.HelpArticlesPage }))) },
  '/inquiry/contactUs': { component: lazy(() => import('./ContactUsPage').then((m) => ({ default: m.ContactUsPage }))) },
};
