import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacter, multilineText, text } from './text';

const issues = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('text primitives', () => {
  it('refuses U+0000 and every other C0 control and DEL in one-line text', () => {
    for (const code of [0x00, 0x01, 0x07, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f]) {
      expect(issues(text().trim().min(1).max(50), `a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
    expect(CONTROL_CHARACTERS_MESSAGE).toBe('must not contain control characters');
  });

  it('allows tab, CR and LF in multi-line text but nothing else below U+0020', () => {
    expect(issues(multilineText().max(500), 'one\r\ntwo\tthree\n')).toEqual([]);
    expect(issues(multilineText().max(500), 'one\u0000two')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(issues(multilineText().max(500), 'bell\u0007')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it('keeps ordinary text, including non-Latin letters and emoji, and chains like z.string()', () => {
    expect(text().trim().min(1).parse('  Zone 3 — 配电室 ⚡ ')).toBe('Zone 3 — 配电室 ⚡');
    expect(issues(text({ error: 'Please enter a name' }).min(1, 'Please enter a name'), 42)).toEqual(['Please enter a name']);
  });

  it('finds the first control character of any value, nested, with its path', () => {
    expect(findControlCharacter({ a: ['ok', { b: 'x\u0000' }] }, 'body')).toBe('body.a.1.b');
    expect(findControlCharacter({ 'key\u0000': 1 }, 'body')).toBe('body.key\uFFFD');
    expect(findControlCharacter({ a: 'tab\tand\nnew line', n: 1, z: null }, 'body')).toBeNull();
    expect(findControlCharacter('\u0000', 'body')).toBe('body');
  });
});
