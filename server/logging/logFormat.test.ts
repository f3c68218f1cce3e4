import { describe, expect, it } from 'vitest';
import { logFormatFromEnv } from './logFormat';

describe('logFormatFromEnv', () => {
  it('is readable at a terminal and JSON otherwise', () => {
    expect(logFormatFromEnv(undefined, true)).toBe('pretty');
    expect(logFormatFromEnv('', false)).toBe('json');
  });

  it('follows LOG_FORMAT whatever the output is', () => {
    expect(logFormatFromEnv('json', true)).toBe('json');
    expect(logFormatFromEnv(' Pretty ', false)).toBe('pretty');
  });

  it('refuses another value with the two it takes', () => {
    expect(() => logFormatFromEnv('text', true)).toThrow('LOG_FORMAT must be "json" or "pretty", got "text"');
  });
});
