import type { TFunction } from 'i18next';
import { issueText } from '../issueText';

/** antd Form.Item props showing one message (or none) under a field. */
export function fieldStatus(t: TFunction, message: string | undefined): { validateStatus?: 'error'; help?: string } {
  return message ? { validateStatus: 'error', help: issueText(t, message) } : {};
}
