import { App } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useMemo } from 'react';

/** Spec §9: notifications stay 2 s (error toasts from failed calls stay 5 s, see errorToast.ts). */
export const NOTIFICATION_SECONDS = 2;

export interface Notify {
  /** A success notification, e.g. "Saved". */
  success(title: string, description?: string): void;
  /** An error notification with the server's message, e.g. a failed user create (spec §8). */
  error(title: string, description?: string): void;
}

/** Notifications with the spec's duration; one per text at a time (a double click shows one). */
export function notifier(notification: Pick<NotificationInstance, 'success' | 'error'>): Notify {
  const show = (type: 'success' | 'error') => (title: string, description?: string) =>
    notification[type]({ title, description, duration: NOTIFICATION_SECONDS, key: `${type}:${title}` });
  return { success: show('success'), error: show('error') };
}

/** The screens' way to say that an action worked or failed. */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo(() => notifier(notification), [notification]);
}
