import { describe, expect, it } from 'vitest';
import { eeoi, eeoiBreakdown, rollingEeoi, type EeoiLeg } from './eeoi';

// Voyage 1: laden 70,000 t over 5,000 nm burning 600 t HFO, back in ballast 5,000 nm burning 450 t HFO + 20 t MGO.
const voyage1: EeoiLeg[] = [
  { fuels: [{ fuel: 'hfo', tonnes: 600 }], cargo: 70_000, distanceNm: 5000, condition: 'laden' },
  {
    fuels: [
      { fuel: 'hfo', tonnes: 450 },
      { fuel: 'diesel_gas_oil', tonnes: 20 },
    ],
    cargo: 0,
    distanceNm: 5000,
    condition: 'ballast',
  },
];
// Voyage 2: laden 65,000 t over 4,000 nm on 500 t HFO.
const voyage2: EeoiLeg[] = [{ fuels: [{ fuel: 'hfo', tonnes: 500 }], cargo: 65_000, distanceNm: 4000, condition: 'laden' }];
// Voyage 3: a ballast repositioning of 3,000 nm on 300 t HFO.
const voyage3: EeoiLeg[] = [{ fuels: [{ fuel: 'hfo', tonnes: 300 }], cargo: 0, distanceNm: 3000, condition: 'ballast' }];

describe('eeoi', () => {
  it('adds the ballast leg’s fuel and no transport work', () => {
    // CO2 = (600 + 450) × 3.114 + 20 × 3.206 = 3,269.7 + 64.12 = 3,333.82 t = 3.33382e9 g
    // transport work = 70,000 t × 5,000 nm = 3.5e8 t·nm (the ballast leg adds none) → 9.5252 g/(t·nm)
    const breakdown = eeoiBreakdown(voyage1);
    expect(breakdown.co2Grams).toBeCloseTo(3.33382e9, 3);
    expect(breakdown.transportWork).toBe(3.5e8);
    expect(breakdown.eeoi).toBeCloseTo(9.5252, 10);
    // Laden leg alone: 600 × 3.114 = 1,868.4 t / 3.5e8 = 5.338285714286
    expect(eeoi(voyage1.slice(0, 1))).toBeCloseTo(5.338285714286, 10);
  });

  it('has no EEOI when no cargo moved', () => {
    expect(eeoi(voyage3)).toBeNull();
    expect(eeoiBreakdown(voyage3).co2Grams).toBeCloseTo(934.2e6, 3); // 300 × 3.114 = 934.2 t
  });

  it('rolling EEOI sums fuel and transport work over the window instead of averaging voyage EEOIs', () => {
    // window 2:
    //  v1 alone: 9.5252
    //  v1+v2: CO2 3,333.82 + 1,557 (500 × 3.114) = 4,890.82 t; work 3.5e8 + 2.6e8 = 6.1e8 → 8.017737704918
    //         (the mean of the two voyages' EEOIs, (9.5252 + 5.988461538462) / 2 = 7.756830769231, would be wrong)
    //  v2+v3: CO2 1,557 + 934.2 = 2,491.2 t; work 2.6e8 → 9.581538461538
    const rolling = rollingEeoi([voyage1, voyage2, voyage3], 2);
    expect(rolling[0]).toBeCloseTo(9.5252, 10);
    expect(rolling[1]).toBeCloseTo(8.017737704918, 10);
    expect(rolling[2]).toBeCloseTo(9.581538461538, 10);
    expect(rollingEeoi([voyage3], 1)).toEqual([null]);
    expect(() => rollingEeoi([voyage1], 0)).toThrow(/window/);
  });
});
