import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** claygl's compositor (pulled in by echarts-gl) compiles its size expressions with eval. */
const COMPOSITOR = /[\\/]claygl[\\/]src[\\/]createCompositor\.js$/;
export const COMPOSITOR_EVAL = "new Function('width', 'height', 'dpr', 'return ' + exprRes[1])";
const EVALUATOR = resolve(import.meta.dirname, '../shared/csp/sizeExpression.ts');

/** The source with eval replaced by the expression parser; throws when claygl no longer has the line (an upgrade moved it). */
export function patchCompositor(code: string): string {
  if (!code.includes(COMPOSITOR_EVAL))
    throw new Error(`claygl's createCompositor.js no longer contains ${COMPOSITOR_EVAL}: update scripts/cspSafeCompositor.ts`);
  return `import { compileSizeExpression as __compileSizeExpression } from ${JSON.stringify(EVALUATOR)};\n${code.replace(COMPOSITOR_EVAL, '__compileSizeExpression(exprRes[1])')}`;
}

/**
 * Lets the 3D charts run under a Content-Security-Policy without 'unsafe-eval': the one `new Function`
 * in echarts-gl's dependencies becomes a call to shared/csp/sizeExpression.ts at build time.
 */
export function cspSafeCompositor(): Plugin {
  return {
    name: 'csp-safe-compositor',
    enforce: 'pre',
    transform(code, id) {
      if (!COMPOSITOR.test(id.split('?')[0] ?? '')) return null;
      return { code: patchCompositor(code), map: null };
    },
  };
}
