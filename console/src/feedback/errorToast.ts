import type { MessageInstance } from 'antd/es/message/interface';

/** Spec §9: error toasts stay 5 s. */
export const ERROR_TOAST_SECONDS = 5;

/**
 * Keyed by its text, so the api hook and a screen reporting the same failure show one toast,
 * not two stacked copies.
 */
export function showErrorToast(message: MessageInstance, text: string): void {
  void message.error({ content: text, key: `error:${text}`, duration: ERROR_TOAST_SECONDS });
}
