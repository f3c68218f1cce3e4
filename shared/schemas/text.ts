import { z } from 'zod';

/**
 * Text from users never carries control characters: PostgreSQL cannot store U+0000 at all (the insert
 * fails), and the other C0 controls and DEL are invisible in every screen and export that shows them.
 * One wording for every field, so clients and tests can rely on it.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const ONE_LINE_CONTROLS = /[\u0000-\u001f\u007f]/;
/** Tab, CR and LF are how multi-line text (notes, descriptions, message bodies) is written. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text input: z.string() that refuses every C0 control character and DEL. */
export const text = (params?: StringParams) => z.string(params).refine((value) => !ONE_LINE_CONTROLS.test(value), CONTROL_CHARACTERS_MESSAGE);

/** A multi-line text input: tab, CR and LF allowed, every other control refused. */
export const multilineText = (params?: StringParams) => z.string(params).refine((value) => !MULTI_LINE_CONTROLS.test(value), CONTROL_CHARACTERS_MESSAGE);

/** U+0000 is the one character no engine here may be handed; keys count too (JSON columns). */
const NUL = '\u0000';

/**
 * The path (`prefix.a.1.b`) of the first string or key in a parsed JSON value that holds U+0000, or null.
 * A key is named with U+FFFD in place of the NUL so the message itself stays storable and printable.
 */
export function findControlCharacter(value: unknown, prefix: string): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? prefix : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findControlCharacter(value[index], `${prefix}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key.includes(NUL)) return `${prefix}.${replaceNul(key)}`;
    const found = findControlCharacter((value as Record<string, unknown>)[key], `${prefix}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** The text with every U+0000 replaced by U+FFFD (the replacement character): storable on every engine. */
export function replaceNul(value: string): string {
  return value.includes(NUL) ? value.replaceAll(NUL, '\uFFFD') : value;
}
