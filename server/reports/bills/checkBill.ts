import { BILL_BANDS, type BillBand } from '@shared/reports/billSchemas';
import type { BillField } from '@shared/reports/constants';

export interface BillCheck {
  /** `<band>Amount` (energy × price = amount), `totalAmount` (Σ band amounts + demand charge), `totalEnergy` (Σ band energy) */
  rule: string;
  ok: boolean;
  expected: number | null;
  actual: number | null;
  detail: string;
}

export type BillFigures = Partial<Record<BillField, number>>;

/** Money is compared in integer minor units (fen, cents): a printed amount is exact to the cent. */
const minor = (major: number): number => Math.round(major * 100);
const major = (minorUnits: number): number => minorUnits / 100;
/** Energy is compared without rounding it: only the float noise of adding printed decimals is ignored. */
const sameEnergy = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const BAND_NAMES: Record<BillBand, string> = { sharp: 'Sharp', peak: 'Peak', flat: 'Flat', valley: 'Valley', deepValley: 'Deep valley' };
const fmt = (n: number, decimals?: number) => (decimals === undefined ? String(n) : n.toFixed(decimals));

/**
 * The bill's own arithmetic (pure): each band's energy × price = its amount within one minor unit (the price ×
 * energy rounded once), the band amounts plus the demand charge = the total amount exactly, the band energies
 * add up to the total energy. A check is made only when every figure it needs was read.
 */
export function checkBill(fields: BillFigures): BillCheck[] {
  const checks: BillCheck[] = [];
  const amountsMinor: number[] = [];
  const energies: number[] = [];
  for (const band of BILL_BANDS) {
    const energy = fields[`${band}Energy`];
    const price = fields[`${band}Price`];
    const amount = fields[`${band}Amount`];
    if (energy !== undefined) energies.push(energy);
    if (amount !== undefined) amountsMinor.push(minor(amount));
    if (energy === undefined || price === undefined || amount === undefined) continue;
    const expected = Math.round(energy * price * 100);
    const actual = minor(amount);
    checks.push({
      rule: `${band}Amount`,
      ok: Math.abs(expected - actual) <= 1,
      expected: major(expected),
      actual: major(actual),
      detail: `${BAND_NAMES[band]}: ${fmt(energy)} × ${fmt(price)} = ${fmt(major(expected), 2)}; the bill says ${fmt(major(actual), 2)}`,
    });
  }
  const total = fields.totalAmount;
  if (total !== undefined && amountsMinor.length > 0) {
    const demand = fields.demandCharge === undefined ? 0 : minor(fields.demandCharge);
    const expected = amountsMinor.reduce((sum, value) => sum + value, 0) + demand;
    const actual = minor(total);
    checks.push({
      rule: 'totalAmount',
      ok: expected === actual,
      expected: major(expected),
      actual: major(actual),
      detail: `Band amounts ${fmt(major(expected - demand), 2)} + demand charge ${fmt(major(demand), 2)} = ${fmt(major(expected), 2)}; the bill says ${fmt(major(actual), 2)}`,
    });
  }
  const totalEnergy = fields.totalEnergy;
  if (totalEnergy !== undefined && energies.length > 0) {
    const expected = energies.reduce((sum, value) => sum + value, 0);
    checks.push({
      rule: 'totalEnergy',
      ok: sameEnergy(expected, totalEnergy),
      // float noise of adding printed decimals (3580.1000000000004) is not shown; the comparison above used the sum as is
      expected: Number(expected.toPrecision(12)),
      actual: totalEnergy,
      detail: `Band energies add up to ${fmt(expected)}; the bill says ${fmt(totalEnergy)}`,
    });
  }
  return checks;
}
