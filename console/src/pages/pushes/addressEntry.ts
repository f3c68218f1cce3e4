import { z } from 'zod';
import { MAINLAND_MOBILE } from '@shared/schemas/pushes';

export type AddressKind = 'email' | 'phone';
/** At most this many addresses of a kind per user (the contract's limit). */
export const MAX_ADDRESSES = 10;

export type EntryProblem = 'email' | 'phone' | 'duplicate' | 'tooMany';

/** Why an address typed into a list cannot join it, or null when it can. */
export function entryProblem(kind: AddressKind, entry: string, list: readonly string[]): EntryProblem | null {
  const value = entry.trim();
  const valid = kind === 'email' ? z.email().max(200).safeParse(value).success : MAINLAND_MOBILE.test(value);
  if (!valid) return kind;
  if (list.some((item) => item.toLowerCase() === value.toLowerCase())) return 'duplicate';
  if (list.length >= MAX_ADDRESSES) return 'tooMany';
  return null;
}
