import type { TFunction } from 'i18next';
import type { RouterEntry } from '@shared/schemas/router';

const MISSING = '\u0000missing';
const KEY_SHAPED = /^[\w-]+(\.[\w-]+)+$/;

/**
 * A router entry's title in the reader's language: its catalogue key translated; a key the catalogue
 * lacks (a button's `route.add`) falls back to the path; a title typed as plain text shows as typed.
 */
export function entryTitle(t: TFunction, entry: Pick<RouterEntry, 'title' | 'path'>): string {
  const text = t(entry.title, { defaultValue: MISSING });
  if (text !== MISSING) return text;
  return KEY_SHAPED.test(entry.title) ? entry.path : entry.title;
}
