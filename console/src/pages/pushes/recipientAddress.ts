import type { PushChannel, PushContacts } from '@shared/schemas/pushes';

/**
 * The address a channel pushes to for this user: the first push e-mail for e-mail, the first push
 * phone for SMS and for the WeChat robot's mention. Null: the push to this user is skipped.
 */
export function recipientAddress(contacts: Pick<PushContacts, 'pushEmails' | 'pushPhones'>, channel: PushChannel): string | null {
  const list = channel === 'email' ? contacts.pushEmails : contacts.pushPhones;
  return list[0] ?? null;
}

/** "True name (username)", or the username alone when both are the same. */
export const contactLabel = (contacts: Pick<PushContacts, 'trueName' | 'username'>): string =>
  contacts.trueName && contacts.trueName !== contacts.username ? `${contacts.trueName} (${contacts.username})` : contacts.username;
