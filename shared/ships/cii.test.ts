import { describe, expect, it } from 'vitest';
import { attainedCii, ciiRating, requiredCii } from './cii';
import { CAPACITY_KIND, SHIP_TYPES } from './shipTypes';
import { SHIP_FUELS, SHIP_FUEL_FACTORS } from './fuels';
import { REFERENCE_LINES } from './referenceLines';
import { RATING_BOUNDARIES } from './ratingBoundaries';
import { CiiTableError } from './tableErrors';

// Doubles compared to 9 decimals; the arithmetic in the comments is worked to 12 significant digits.
const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 9);

describe('tables', () => {
  it('cover every ship type and fuel, DWT for the cargo types and GT for ro-ro and cruise', () => {
    for (const type of SHIP_TYPES) {
      expect(REFERENCE_LINES[type].length).toBeGreaterThan(0);
      expect(RATING_BOUNDARIES[type].length).toBeGreaterThan(0);
    }
    expect(SHIP_TYPES.filter((type) => CAPACITY_KIND[type] === 'gt')).toEqual([
      'roro_cargo_ship_vc',
      'roro_cargo_ship',
      'roro_passenger_ship',
      'roro_passenger_ship_hsc',
      'cruise_passenger_ship',
    ]);
    // Cf ≈ carbon content × 44/12 (molar masses of CO2 and C) — a typo guard on the transcription. MEPC.364(79)
    // itself is off by 0.0023 for ethane (0.7989 × 44/12 = 2.9293 against the printed 2.927); the printed Cf is used.
    for (const fuel of SHIP_FUELS) {
      const { cf, carbonContent } = SHIP_FUEL_FACTORS[fuel];
      expect(Math.abs(cf - (carbonContent * 44) / 12)).toBeLessThan(fuel === 'ethane' ? 0.0025 : 0.0015);
    }
  });
});

describe('attainedCii', () => {
  it('divides the CO2 of every fuel by the ship’s actual capacity times distance', () => {
    // Bulk carrier 80,000 DWT, 5,640 t HFO over 60,000 nm:
    // 5,640 t × 3.114 = 17,562.96 t CO2 = 1.756296e10 g; 80,000 × 60,000 = 4.8e9 t·nm → 3.65895
    close(attainedCii({ fuels: [{ fuel: 'hfo', tonnes: 5640 }], capacity: 80_000, distanceNm: 60_000 }), 3.65895);
    // Container ship 120,000 DWT, 18,000 t HFO + 500 t MGO over 95,000 nm:
    // 18,000 × 3.114 + 500 × 3.206 = 56,052 + 1,603 = 57,655 t → 5.7655e10 g / 1.14e10 = 5.057456140351
    close(
      attainedCii({
        fuels: [
          { fuel: 'hfo', tonnes: 18_000 },
          { fuel: 'diesel_gas_oil', tonnes: 500 },
        ],
        capacity: 120_000,
        distanceNm: 95_000,
      }),
      5.057456140351,
    );
    // LNG carrier 50,000 DWT (its ACTUAL DWT, not the 65,000 of the reference line), 9,000 t LNG + 300 t MGO over 80,000 nm:
    // 9,000 × 2.75 + 300 × 3.206 = 24,750 + 961.8 = 25,711.8 t → 2.57118e10 / (50,000 × 80,000 = 4e9) = 6.42795
    close(
      attainedCii({
        fuels: [
          { fuel: 'lng', tonnes: 9000 },
          { fuel: 'diesel_gas_oil', tonnes: 300 },
        ],
        capacity: 50_000,
        distanceNm: 80_000,
      }),
      6.42795,
    );
  });

  it('refuses a capacity or distance that is not positive and negative fuel', () => {
    expect(() => attainedCii({ fuels: [], capacity: 0, distanceNm: 1 })).toThrow(CiiTableError);
    expect(() => attainedCii({ fuels: [], capacity: 1, distanceNm: 0 })).toThrow(/Distance/);
    expect(() => attainedCii({ fuels: [{ fuel: 'hfo', tonnes: -1 }], capacity: 1, distanceNm: 1 })).toThrow(/hfo/);
  });
});

describe('requiredCii', () => {
  it('bulk carrier 80,000 DWT: 4745 · 80,000^−0.622, then (1 − Z) for 2023, 2026, 2027 and 2030', () => {
    // ln 80,000 = 11.289781913656; × 0.622 = 7.022244350294; e^−7.022244350294 = 8.918216848059e−4
    // reference = 4745 × 8.918216848059e−4 = 4.231693894404
    const y2023 = requiredCii({ shipType: 'bulk_carrier', dwt: 80_000, year: 2023 });
    expect(y2023).toMatchObject({ capacityKind: 'dwt', capacity: 80_000, a: 4745, c: 0.622, z: 5 });
    close(y2023.reference, 4.231693894404);
    close(y2023.required, 4.020109199684); // × 0.95
    close(requiredCii({ shipType: 'bulk_carrier', dwt: 80_000, year: 2026 }).required, 3.76620756602); // × 0.89
    close(requiredCii({ shipType: 'bulk_carrier', dwt: 80_000, year: 2027 }).required, 3.655125601291); // × 0.86375
    close(requiredCii({ shipType: 'bulk_carrier', dwt: 80_000, year: 2030 }).required, 3.321879707107); // × 0.785
    expect(y2023.sources.reductionFactor).toMatch(/MEPC\.338\(76\)/);
    expect(requiredCii({ shipType: 'bulk_carrier', dwt: 80_000, year: 2027 }).sources.reductionFactor).toMatch(/MEPC\.400\(83\)/);
    expect(y2023.sources.referenceLine).toMatch(/MEPC\.353\(78\)/);
  });

  it('bulk carrier of 300,000 DWT counts 279,000 in its reference line', () => {
    // ln 279,000 = 12.538967060804; × 0.622 = 7.79923751182; e^− = 4.100475161961e−4; × 4745 = 1.945675464351
    const required = requiredCii({ shipType: 'bulk_carrier', dwt: 300_000, year: 2023 });
    expect(required.capacity).toBe(279_000);
    close(required.reference, 1.945675464351);
    close(required.required, 1.848391691133); // × 0.95
  });

  it('container ship 120,000 DWT and tanker 115,000 DWT', () => {
    // container: ln 120,000 = 11.695247021764; × 0.489 = 5.718975793643; e^− = 3.283071723894e−3; × 1984 = 6.513614300205
    const container = requiredCii({ shipType: 'container_ship', dwt: 120_000, year: 2026 });
    close(container.reference, 6.513614300205);
    close(container.required, 5.797116727182); // × 0.89
    // tanker: ln 115,000 = 11.652687407345; × 0.61 = 7.108139318481; e^− = 8.184163884982e−4; × 5247 = 4.29423079045
    const tanker = requiredCii({ shipType: 'tanker', dwt: 115_000, year: 2030 });
    close(tanker.reference, 4.29423079045);
    close(tanker.required, 3.370971170503); // × 0.785
  });

  it('LNG carrier below 65,000 DWT counts 65,000 with the a = 14779E10 G2 prints for that band', () => {
    // 65,000^−2.673: ln 65,000 = 11.082142548878; × 2.673 = 29.62256703315; e^− = 1.364842688905e−13
    // reference = 14779e10 × 1.364842688905e−13 = 20.171010099331
    const lng = requiredCii({ shipType: 'lng_carrier', dwt: 50_000, year: 2027 });
    expect(lng).toMatchObject({ capacity: 65_000, a: 14779e10, c: 2.673, z: 13.625 });
    close(lng.reference, 20.171010099331);
    close(lng.required, 17.422709973297); // × 0.86375
    // 65,000 DWT itself is in the band above (a = 14479E10, its own DWT): 14479e10 × 1.364842688905e−13 = 19.761557292659
    close(requiredCii({ shipType: 'lng_carrier', dwt: 65_000, year: 2027 }).reference, 19.761557292659);
    // 100,000 DWT and above: a flat line, 9.827 · DWT^0
    close(requiredCii({ shipType: 'lng_carrier', dwt: 170_000, year: 2023 }).required, 9.827 * 0.95);
  });

  it('cruise ship by GT, vehicle carrier capped at 57,700 GT', () => {
    // ln 90,000 = 11.407564949312; × 0.383 = 4.369097375587; e^− = 1.266266504183e−2; × 930 = 11.776278488902
    const cruise = requiredCii({ shipType: 'cruise_passenger_ship', gt: 90_000, dwt: 9_000, year: 2023 });
    expect(cruise).toMatchObject({ capacityKind: 'gt', capacity: 90_000 });
    close(cruise.reference, 11.776278488902);
    close(cruise.required, 11.187464564457); // × 0.95
    // ln 57,700 = 10.963012452496; × 0.59 = 6.468177346973; e^− = 1.552052008777e−3; × 3627 = 5.629292635834
    const carrier = requiredCii({ shipType: 'roro_cargo_ship_vc', gt: 60_000, year: 2023 });
    expect(carrier.capacity).toBe(57_700);
    close(carrier.reference, 5.629292635834);
  });

  it('a year outside the IMO tables, or a missing tonnage, is an error rather than a guess', () => {
    expect(() => requiredCii({ shipType: 'tanker', dwt: 50_000, year: 2031 })).toThrow(/No CII reduction factor for 2031/);
    expect(() => requiredCii({ shipType: 'tanker', dwt: 50_000, year: 2022 })).toThrow(CiiTableError);
    expect(() => requiredCii({ shipType: 'cruise_passenger_ship', dwt: 50_000, year: 2024 })).toThrow(/GT of a cruise_passenger_ship/);
  });
});

describe('ciiRating', () => {
  // Container ship 120,000 DWT in 2026: required 5.797116727182 (above);
  // boundaries 0.83 / 0.94 / 1.07 / 1.19 × required = 4.811606883561 / 5.449289723551 / 6.202914898085 / 6.898568905347
  const container2026 = { shipType: 'container_ship' as const, dwt: 120_000, year: 2026 };

  it('places the boundaries at exp(d) × required and names the sources', () => {
    const rating = ciiRating({ ...container2026, attained: 5 });
    close(rating.boundaries.superior, 4.811606883561);
    close(rating.boundaries.lower, 5.449289723551);
    close(rating.boundaries.upper, 6.202914898085);
    close(rating.boundaries.inferior, 6.898568905347);
    expect(rating.letter).toBe('B');
    close(rating.ratio, 5 / 5.797116727182); // 0.862497726940
    expect(rating.sources.ratingBoundaries).toMatch(/MEPC\.354\(78\)/);
  });

  it('0.1 % below a boundary takes the better letter, 0.1 % above and exactly on it the worse one', () => {
    const { boundaries } = ciiRating({ ...container2026, attained: 5 });
    const letterAt = (attained: number) => ciiRating({ ...container2026, attained }).letter;
    expect(letterAt(boundaries.superior * 0.999)).toBe('A');
    expect(letterAt(boundaries.superior)).toBe('B');
    expect(letterAt(boundaries.superior * 1.001)).toBe('B');
    expect(letterAt(boundaries.lower * 0.999)).toBe('B'); // 5.443840433827
    expect(letterAt(boundaries.lower)).toBe('C'); // 5.449289723551
    expect(letterAt(boundaries.lower * 1.001)).toBe('C'); // 5.454739013275
    expect(letterAt(boundaries.upper * 0.999)).toBe('C');
    expect(letterAt(boundaries.upper)).toBe('D');
    expect(letterAt(boundaries.upper * 1.001)).toBe('D');
    expect(letterAt(boundaries.inferior * 0.999)).toBe('D');
    expect(letterAt(boundaries.inferior)).toBe('E');
    expect(letterAt(boundaries.inferior * 1.001)).toBe('E');
  });

  it('the same fuel and distance rate B in 2024 and C in 2025 as the required line tightens', () => {
    // Bulk carrier 80,000 DWT, 5,640 t HFO over 60,000 nm both years: attained 3.65895 (above).
    // 2024: required 4.231693894404 × 0.93 = 3.935475321796; lower boundary × 0.94 = 3.699346802488 > 3.65895 → B
    //       (superior × 0.86 = 3.384508776744 ≤ 3.65895)
    // 2025: required × 0.91 = 3.850841443908; lower boundary × 0.94 = 3.619790957273 ≤ 3.65895 → C
    //       (upper × 1.06 = 4.081891930542 > 3.65895)
    const attained = attainedCii({ fuels: [{ fuel: 'hfo', tonnes: 5640 }], capacity: 80_000, distanceNm: 60_000 });
    const y2024 = ciiRating({ attained, shipType: 'bulk_carrier', dwt: 80_000, year: 2024 });
    const y2025 = ciiRating({ attained, shipType: 'bulk_carrier', dwt: 80_000, year: 2025 });
    expect([y2024.letter, y2025.letter]).toEqual(['B', 'C']);
    close(y2024.boundaries.lower, 3.699346802488);
    close(y2025.boundaries.lower, 3.619790957273);
    close(y2024.ratio, 0.929735216414); // 3.65895 / 3.935475321796
    close(y2025.ratio, 0.950168957434); // 3.65895 / 3.850841443908
  });

  it('rates a tanker, an LNG carrier below 65,000 DWT and a cruise ship', () => {
    // Tanker 115,000 DWT, 7,000 t HFO + 300 t MGO over 55,000 nm, 2023:
    // (21,798 + 961.8) t = 2.27598e10 g / (115,000 × 55,000 = 6.325e9) = 3.598387351779
    // required 4.29423079045 × 0.95 = 4.079519250928; ratio 0.882061618158: 0.82 ≤ r < 0.93 → B
    const tankerAttained = attainedCii({
      fuels: [
        { fuel: 'hfo', tonnes: 7000 },
        { fuel: 'diesel_gas_oil', tonnes: 300 },
      ],
      capacity: 115_000,
      distanceNm: 55_000,
    });
    const tanker = ciiRating({ attained: tankerAttained, shipType: 'tanker', dwt: 115_000, year: 2023 });
    expect(tanker.letter).toBe('B');
    close(tanker.ratio, 0.882061618158);
    // LNG carrier 50,000 DWT, attained 6.42795 (above), 2023: required 20.171010099331 × 0.95 = 19.162459594364
    // (on the capped 65,000); ratio 0.335445…, dd (< 100,000 DWT) 0.78 → A
    const lng = ciiRating({ attained: 6.42795, shipType: 'lng_carrier', dwt: 50_000, year: 2023 });
    expect(lng.letter).toBe('A');
    close(lng.required, 19.162459594364);
    // Cruise ship 90,000 GT, 13,500 t HFO over 45,000 nm: 42,039 t = 4.2039e10 g / (90,000 × 45,000 = 4.05e9) = 10.38
    // required 11.187464564457 (2023); ratio 0.927824167862: 0.87 ≤ r < 0.95 → B
    const cruiseAttained = attainedCii({ fuels: [{ fuel: 'hfo', tonnes: 13_500 }], capacity: 90_000, distanceNm: 45_000 });
    close(cruiseAttained, 10.38);
    const cruise = ciiRating({ attained: cruiseAttained, shipType: 'cruise_passenger_ship', gt: 90_000, year: 2023 });
    expect(cruise.letter).toBe('B');
    close(cruise.ratio, 0.927824167862);
  });
});
