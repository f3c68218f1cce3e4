import type { FormulaOp } from '@shared/reports/constants';

/**
 * A formula cell from its operands' unrounded values. difference a − b, sum a + b (an empty operand counts as
 * nothing only when the other has a value), ratio a ÷ b (empty when b is 0 or empty), share a ÷ `shareOf` × 100
 * where `shareOf` is a's sum over the table's data rows (empty when that is 0).
 */
export function formulaValue(op: FormulaOp, a: number | null, b: number | null, shareOf: number | null): number | null {
  switch (op) {
    case 'difference':
      return a === null && b === null ? null : (a ?? 0) - (b ?? 0);
    case 'sum':
      return a === null && b === null ? null : (a ?? 0) + (b ?? 0);
    case 'ratio':
      return a === null || b === null || b === 0 ? null : a / b;
    case 'share':
      return a === null || shareOf === null || shareOf === 0 ? null : (a / shareOf) * 100;
  }
}
