import { describe, expect, it } from 'vitest';
import { projectRatings } from './projection';

describe('projectRatings', () => {
  it('keeps the attained CII and finds the first year worse than the starting one', () => {
    // Bulk carrier 80,000 DWT at attained 3.65895; reference 4.231693894404.
    // year  Z       required        lower (×0.94)   upper (×1.06)   letter
    // 2023  5       4.020109199684  3.778902647703  4.261315751665  B (≥ superior 3.457293911728)
    // 2024  7       3.935475321796  3.699346802488  4.171603841103  B
    // 2025  9       3.850841443908  3.619790957273  4.081891930542  C  ← dropYear
    // 2026  11      3.766207566020  3.540235112058  3.992180019981  C
    // 2027  13.625  3.655125601291  3.435818065214  3.874433137369  C
    // 2028  16.25   3.544043636563  3.331401018370  3.756686254757  C
    // 2029  18.875  3.432961671835  3.226983971525  3.638939372145  D (3.65895 ≥ upper)
    // 2030  21.5    3.321879707107  3.122566924681  3.521192489534  D (< inferior ×1.18 = 3.919818054386)
    const projection = projectRatings({ attained: 3.65895, shipType: 'bulk_carrier', dwt: 80_000, fromYear: 2023 });
    expect(projection.years.map((entry) => `${entry.year}${entry.letter}`)).toEqual(['2023B', '2024B', '2025C', '2026C', '2027C', '2028C', '2029D', '2030D']);
    expect(projection.dropYear).toBe(2025);
    expect(projection.years[6]!.boundaries.upper).toBeCloseTo(3.638939372145, 9);
  });

  it('starting from a later year, compares with that year’s letter', () => {
    // From 2025 (C): C until 2028, D from 2029.
    const projection = projectRatings({ attained: 3.65895, shipType: 'bulk_carrier', dwt: 80_000, fromYear: 2025 });
    expect(projection.years.map((entry) => entry.year)).toEqual([2025, 2026, 2027, 2028, 2029, 2030]);
    expect(projection.dropYear).toBe(2029);
  });

  it('has no drop year when the letter holds to 2030', () => {
    // Attained 2 against 2030's superior boundary 0.86 × 3.321879707107 = 2.856816548112: A in every year.
    const projection = projectRatings({ attained: 2, shipType: 'bulk_carrier', dwt: 80_000, fromYear: 2023 });
    expect(new Set(projection.years.map((entry) => entry.letter))).toEqual(new Set(['A']));
    expect(projection.dropYear).toBeNull();
  });

  it('a projection past the tables is an error', () => {
    expect(() => projectRatings({ attained: 2, shipType: 'bulk_carrier', dwt: 80_000, fromYear: 2029, toYear: 2031 })).toThrow(/2031/);
  });
});
