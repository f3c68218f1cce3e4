import { describe, expect, it } from 'vitest';
import { registerStep, type RegisterProfile } from './registerDelta';

const HOUR = 3_600_000;
const plain: RegisterProfile = { ctRatio: 1, ptRatio: 1, registerMax: 100_000, ratedPowerKw: 500 };

describe('registerStep', () => {
  it('counts the difference between two readings', () => {
    expect(registerStep({ ts: 0, value: 1000 }, { ts: HOUR, value: 1250.5 }, plain)).toEqual({
      kind: 'energy',
      from: 0,
      to: HOUR,
      energy: 250.5,
      rolledOver: false,
    });
  });

  it('applies CT and PT multipliers: 2.5 kWh secondary × 40 × 100 = 10 000 kWh primary', () => {
    const hv: RegisterProfile = { ctRatio: 40, ptRatio: 100, registerMax: 1e6, ratedPowerKw: 20_000 };
    expect(registerStep({ ts: 0, value: 10 }, { ts: HOUR, value: 12.5 }, hv)).toMatchObject({ kind: 'energy', energy: 10_000 });
  });

  it('rolls over at the register maximum: 99 990 → 15 is 25 kWh', () => {
    expect(registerStep({ ts: 0, value: 99_990 }, { ts: HOUR, value: 15 }, plain)).toEqual({ kind: 'energy', from: 0, to: HOUR, energy: 25, rolledOver: true });
  });

  it('treats a drop that is no wrap as a reset (replacement or cleared register): no energy, never negative', () => {
    expect(registerStep({ ts: 0, value: 5_000 }, { ts: HOUR, value: 3 }, plain)).toEqual({ kind: 'reset', from: 0, to: HOUR });
    expect(registerStep({ ts: 0, value: 95_000 }, { ts: HOUR, value: 40_000 }, plain)).toEqual({ kind: 'reset', from: 0, to: HOUR });
  });

  it('holds a step above the rating: 500 kW × 1 h × 1.2 = 600 kWh allowed', () => {
    expect(registerStep({ ts: 0, value: 0 }, { ts: HOUR, value: 600 }, plain).kind).toBe('energy');
    expect(registerStep({ ts: 0, value: 0 }, { ts: HOUR, value: 601 }, plain)).toEqual({ kind: 'implausible', from: 0, to: HOUR, energy: 601, limit: 600 });
  });

  it('ignores a reading that is not newer than the last accepted one', () => {
    expect(registerStep({ ts: HOUR, value: 10 }, { ts: HOUR, value: 11 }, plain)).toEqual({ kind: 'stale' });
    expect(registerStep({ ts: HOUR, value: 10 }, { ts: 0, value: 9 }, plain)).toEqual({ kind: 'stale' });
  });
});
