import { describe, expect, it } from 'vitest';
import type { TariffDefinition } from '@shared/tariffs';
import { EnergyLedger } from '../ingest/energyLedger';
import type { MeterEntry } from '../ingest/meterDirectory';
import { TariffBook } from './tariffBook';

// Europe/Berlin: 2026-03-29 has 23 hours (02:00 → 03:00), 2026-10-25 has 25 (03:00 → 02:00 again).
const TZ = 'Europe/Berlin';
const DEF: TariffDefinition = {
  prices: { peak: '1.000000', valley: '0.250000' },
  seasons: [
    {
      name: 'All',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '00:00', to: '02:30', band: 'valley' },
          { from: '02:30', to: '24:00', band: 'peak' },
        ],
      },
    },
  ],
  tiers: [],
};
const book = TariffBook.of([{ id: 5, tariffId: 1, validFrom: '2026-01-01', validTo: null, definition: DEF }], {}, TZ);
const meter: MeterEntry = {
  id: 9,
  code: 'M9',
  gatewayId: null,
  energyType: 'electricity',
  subitemId: 3,
  profile: { ctRatio: 1, ptRatio: 1, registerMax: 1e9, ratedPowerKw: 100 },
  departmentIds: [21, 20],
  tariffId: 1,
};
const sum = (rows: ReturnType<EnergyLedger['bandRollups']>, scope: string, grain: string) =>
  Object.fromEntries(rows.filter((r) => r.scope === scope && r.grain === grain).map((r) => [`${r.period}:${r.band}`, [r.energy, r.estimated]]));

describe('EnergyLedger band rows', () => {
  it('counts estimated energy apart, takes energy out with a negative add, and sums out-of-order adds per key', () => {
    const ledger = new EnergyLedger(TZ, book);
    const t = (time: string) => Date.parse(`2026-11-10T${time}+01:00`); // a Tuesday, CET
    ledger.add(meter, t('10:00:00'), t('10:30:00'), 6); // peak 6
    ledger.add(meter, t('01:00:00'), t('01:30:00'), 4, true); // valley 4, estimated
    ledger.add(meter, t('10:30:00'), t('10:45:00'), 2); // peak 2, after the earlier hour: out of order
    ledger.add(meter, t('01:00:00'), t('01:15:00'), -1, true); // an estimate taken out again
    const rows = ledger.bandRollups(book);
    expect(sum(rows, 'meter', 'day')).toEqual({ '2026-11-10:peak': [8, 0], '2026-11-10:valley': [3, 3] });
    expect(sum(rows, 'department', 'month')).toEqual({ '2026-11:peak': [8, 0], '2026-11:valley': [3, 3] });
    expect(
      rows
        .filter((r) => r.scope === 'department' && r.grain === 'month')
        .map((r) => r.scope_id)
        .sort(),
    ).toEqual([20, 20, 21, 21]);
    expect(sum(rows, 'subitem', 'hour')).toEqual({ [`${t('01:00:00')}:valley`]: [3, 3], [`${t('10:00:00')}:peak`]: [8, 0] });
  });

  it('reads band times on the local clock across daylight saving: 02:30 local is the edge on both changeover days', () => {
    const ledger = new EnergyLedger(TZ, book);
    // 29 March: 01:00 CET … 04:00 CEST is only 2 real hours (02:00–03:00 does not exist): 01:00–02:00 valley, 03:00–04:00 peak.
    ledger.add(meter, Date.parse('2026-03-29T01:00:00+01:00'), Date.parse('2026-03-29T04:00:00+02:00'), 8);
    // 25 October: 02:00–03:00 happens twice (CEST, then CET): 02:00–02:30 valley both times, 02:30–03:00 peak both times.
    ledger.add(meter, Date.parse('2026-10-25T02:00:00+02:00'), Date.parse('2026-10-25T03:00:00+01:00'), 8);
    const day = sum(ledger.bandRollups(book), 'meter', 'day');
    expect(day['2026-03-29:valley']![0]).toBeCloseTo(4, 9);
    expect(day['2026-03-29:peak']![0]).toBeCloseTo(4, 9);
    expect(day['2026-10-25:valley']![0]).toBeCloseTo(4, 9);
    expect(day['2026-10-25:peak']![0]).toBeCloseTo(4, 9);
  });
});
