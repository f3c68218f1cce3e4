import { describe, expect, it } from 'vitest';
import { compileSizeExpression } from './sizeExpression';

describe('compileSizeExpression (the compositor sizes, without eval)', () => {
  it.each([
    ['width', 1920],
    ['height * 1.0', 1080],
    ['width * 1.0 / 16', 120],
    ['height * dpr / 4', 540],
    [' [width * dpr / 8, height * dpr / 8] ', [480, 270]],
    ['[width * 1.0 / 2, height / 2]', [960, 540]],
    ['(width + height) * 2 - -4', 6004],
  ])('%s at 1920×1080, dpr 2', (source, expected) => {
    expect(compileSizeExpression(source)(1920, 1080, 2)).toEqual(expected);
  });

  it.each([
    ['alert(1)', 'Invalid expression: unknown name "alert"'],
    ['width; fetch("/")', 'Invalid expression: unexpected ";" at 5'],
    ['width *', 'Invalid expression: unexpected end'],
    ['[width, [height]]', 'Invalid expression: unexpected "[" at 8'],
    ['this.constructor', 'Invalid expression: unknown name "this"'],
  ])('refuses %s', (source, message) => {
    expect(() => compileSizeExpression(source)).toThrow(message);
  });
});
