import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPOSITOR_EVAL, patchCompositor } from './cspSafeCompositor';

const installed = readFileSync(resolve(import.meta.dirname, '../node_modules/claygl/src/createCompositor.js'), 'utf8');

describe('cspSafeCompositor', () => {
  it("replaces the installed claygl's only eval with the size-expression parser", () => {
    expect(installed).toContain(COMPOSITOR_EVAL);
    const patched = patchCompositor(installed);
    expect(patched).not.toMatch(/new Function|\beval\(/);
    expect(patched).toContain('__compileSizeExpression(exprRes[1])');
    expect(patched.split('\n')[0]).toMatch(/^import \{ compileSizeExpression as __compileSizeExpression \} from ".*shared\/csp\/sizeExpression\.ts";$/);
  });

  it('stops the build when an upgrade changed the line', () => {
    expect(() => patchCompositor('var f = new Function("x", "return x");')).toThrow("claygl's createCompositor.js no longer contains");
  });
});
