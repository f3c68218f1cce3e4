import { lazy } from 'react';
import type { ScreenDef } from '../../routes/screenDef';

/** The pushes screens by menu full path (spread into console/src/routes/screenTable.ts). */
export const PUSHES_SCREENS: Readonly<Record<string, ScreenDef>> = {
  '/msg/template': { component: lazy(() => import('./TemplatesPage').then((m) => ({ default: m.TemplatesPage }))) },
  '/message/template-settings': { component: lazy(() => import('./TemplateDefaultsPage').then((m) => ({ default: m.TemplateDefaultsPage }))) },
  '/msg/task': { component: lazy(() => import('./PushTasksPage').then((m) => ({ default: m.PushTasksPage }))) },
  '/message/push-records': { component: lazy(() => import('./PushRecordsPage').then((m) => ({ default: m.PushRecordsPage }))) },
  '/msg/verify': { component: lazy(() => import('./EmailSettingsPage').then((m) => ({ default: m.EmailSettingsPage }))) },
  '/msg/pushsms': { component: lazy(() => import('./SmsSettingsPage').then((m) => ({ default: m.SmsSettingsPage }))) },
  '/msg/pushwx': { component: lazy(() => import('./WechatSettingsPage').then((m) => ({ default: m.WechatSettingsPage }))) },
  '/message/personInfo': { component: lazy(() => import('./PushContactsPage').then((m) => ({ default: m.PushContactsPage }))) },
};
