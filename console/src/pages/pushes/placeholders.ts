import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@shared/schemas/pushes';

/** `{{name}}`, as the server fills it. */
export const placeholderToken = (name: TemplatePlaceholder): string => `{{${name}}}`;

/** The text with `token` in place of the selection [start, end), and where the caret goes after it. */
export function insertAt(text: string, start: number, end: number, token: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

const KNOWN = new Set<string>(TEMPLATE_PLACEHOLDERS);

/** Placeholders the server would refuse (a typo would otherwise reach people as text), in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  // The server's pattern (server/pushes/templateRender.ts): `{{ name }}`, a name without spaces.
  const names = [...text.matchAll(/\{\{\s*([^{}\s]*)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !KNOWN.has(name)))];
}
