import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TariffDefinition } from '@shared/tariffs';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { testTariffs } from '../tariffs/tariffFixtures.test-util';

// The same register readings of one meter give the same energy whatever order their batches commit in: a
// reading older than the meter's newest re-derives the steps it splits. Shanghai time (UTC+8, no daylight saving).
//
// The readings (M011, of department LINE-1 and sub-item POWER, priced by a tariff with valley 00–08, flat 08–24):
//   A 07:50 100 kWh · B 08:05 109 · C 08:20 112 · D 08:35 121
// In order: A→B 9 kWh over 15 min (10 min in 07:45, 5 min in 08:00: 6 + 3), B→C 3 (08:00: 2, 08:15: 1),
// C→D 9 (08:15: 6, 08:30: 3). Intervals 07:45 6 · 08:00 5 · 08:15 7 · 08:30 3, total 21 = 121 − 100.
// Hours 07:00 6, 08:00 15; day and month 21; valley 6 (the 07:45 interval), flat 15. (A flat spread of A→C
// would give 07:45 4 · 08:00 6 · 08:15 2: B is off the line, so a lost split shows.)
const TOU: TariffDefinition = {
  prices: { valley: '0.300000', flat: '0.600000' },
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      layouts: {
        workday: [
          { from: '00:00', to: '08:00', band: 'valley' },
          { from: '08:00', to: '24:00', band: 'flat' },
        ],
      },
    },
  ],
  tiers: [],
};

type Name = 'A' | 'B' | 'C' | 'D';
const POINTS: Record<Name, [string, number]> = { A: ['07:50', 100], B: ['08:05', 109], C: ['08:20', 112], D: ['08:35', 121] };

let k: EnergyKit;
let meter: number;
let line1: number;
let power: number;
beforeAll(async () => {
  k = await energyKit();
  const t = await testTariffs(k);
  const tou = await t.tariff('Valley and flat');
  await t.version(tou, '2026-01-01', null, TOU);
  meter = await k.id('meters', 'M011');
  line1 = await k.id('departments', 'LINE-1');
  power = await k.id('subitems', 'POWER');
  await t.assign(tou, 'meter', meter);
  await k.t.app.tariffs.reload();
}, 60_000);
afterAll(() => k.t.close());

const db = () => k.t.app.storage.db;
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Ingests the named readings of `day`, one payload per group, in the order given. */
async function ingest(day: string, meterCode: string, batches: Name[][], points: Record<string, [string, number]> = POINTS): Promise<void> {
  for (const batch of batches) {
    await k.ingest(batch.map((name) => ({ meter: meterCode, ts: at(`${day}T${points[name]![0]}:00`), values: { kwh: points[name]![1] } })));
  }
}

/** Every stored figure of meter M011 in the local month of `day`. */
async function figures(day: string) {
  const month = day.slice(0, 7);
  const from = at(`${month}-01T00:00:00`);
  const to = at(`${month}-28T00:00:00`);
  const intervals = await db()
    .selectFrom('energy_intervals')
    .select(['start', 'energy'])
    .where('meter_id', '=', meter)
    .where('start', '>=', from)
    .where('start', '<', to)
    .orderBy('start')
    .execute();
  const rollups = await db()
    .selectFrom('energy_rollups')
    .select(['scope', 'grain', 'period', 'energy'])
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'meter'), eb('scope_id', '=', meter)]),
        eb.and([eb('scope', '=', 'department'), eb('scope_id', '=', line1)]),
        eb.and([eb('scope', '=', 'subitem'), eb('scope_id', '=', power)]),
      ]),
    )
    .where((eb) =>
      eb.or([eb('period', 'like', `${month}%`), eb.and([eb('grain', '=', 'hour'), eb('period', '>=', String(from)), eb('period', '<', String(to))])]),
    )
    .orderBy(['scope', 'grain', 'period'])
    .execute();
  const bands = await db()
    .selectFrom('band_rollups')
    .select(['scope', 'grain', 'period', 'band', 'energy'])
    .where((eb) =>
      eb.or([eb.and([eb('scope', '=', 'meter'), eb('scope_id', '=', meter)]), eb.and([eb('scope', '=', 'department'), eb('scope_id', '=', line1)])]),
    )
    .where('grain', '!=', 'hour')
    .where('period', 'like', `${month}%`)
    .orderBy(['scope', 'grain', 'period', 'band'])
    .execute();
  return {
    intervals: intervals.filter((r) => round(r.energy) !== 0).map((r) => [new Date(Number(r.start)).toISOString(), round(r.energy)]),
    rollups: rollups.filter((r) => round(r.energy) !== 0).map((r) => `${r.scope} ${r.grain} ${r.period}: ${round(r.energy)}`),
    bands: bands.filter((r) => round(r.energy) !== 0).map((r) => `${r.scope} ${r.grain} ${r.period} ${r.band}: ${round(r.energy)}`),
  };
}

/** What in-order arrival gives on `day` (hand-computed above). */
function inOrder(day: string) {
  const month = day.slice(0, 7);
  const utc = (time: string) => new Date(at(`${day}T${time}:00`)).toISOString();
  const hour7 = String(at(`${day}T07:00:00`));
  const hour8 = String(at(`${day}T08:00:00`));
  const scoped = (scope: string) => [`${scope} day ${day}: 21`, `${scope} hour ${hour7}: 6`, `${scope} hour ${hour8}: 15`, `${scope} month ${month}: 21`];
  const banded = (scope: string) => [
    `${scope} day ${day} flat: 15`,
    `${scope} day ${day} valley: 6`,
    `${scope} month ${month} flat: 15`,
    `${scope} month ${month} valley: 6`,
  ];
  return {
    intervals: [
      [utc('07:45'), 6],
      [utc('08:00'), 5],
      [utc('08:15'), 7],
      [utc('08:30'), 3],
    ],
    rollups: [...scoped('department'), ...scoped('meter'), ...scoped('subitem')],
    bands: [...banded('department'), ...banded('meter')],
  };
}

describe('energy whatever order the readings commit in', () => {
  // One month per order, so each month's figures are one order's alone.
  const orders: [string, string, Name[][]][] = [
    ['in order, one batch', '2026-01-13', [['A', 'B', 'C', 'D']]],
    ['in order, one batch each', '2026-02-10', [['A'], ['B'], ['C'], ['D']]],
    ['the second reading before the first', '2026-03-10', [['B'], ['A'], ['C'], ['D']]],
    ['a late reading before the first stored one', '2026-04-14', [['B', 'C', 'D'], ['A']]],
    ['a late reading between two stored ones, in a later batch', '2026-05-12', [['A', 'C', 'D'], ['B']]],
    [
      'a late reading between two stored ones, in the same batch as a new one',
      '2026-06-09',
      [
        ['A', 'C'],
        ['D', 'B'],
      ],
    ],
    [
      'two late readings between the same stored ones, in one batch',
      '2026-07-14',
      [
        ['A', 'D'],
        ['C', 'B'],
      ],
    ],
    ['every reading late, one batch each', '2026-08-11', [['D'], ['C'], ['B'], ['A']]],
    ['newest first in one batch', '2026-09-08', [['D', 'C', 'B', 'A']]],
  ];
  for (const [name, day, batches] of orders) {
    it(`${name}: the same intervals, rollups, departments and bands`, async () => {
      await ingest(day, 'M011', batches);
      expect(await figures(day)).toEqual(inOrder(day));
    });
  }
});

describe('late readings and the register rules', () => {
  const intervalsOf = async (code: string, day: string) => {
    const id = await k.id('meters', code);
    const rows = await db()
      .selectFrom('energy_intervals')
      .select(['start', 'energy'])
      .where('meter_id', '=', id)
      .where('start', '>=', at(`${day}T00:00:00`))
      .where('start', '<', at(`${day}T23:59:00`))
      .orderBy('start')
      .execute();
    return rows.filter((r) => round(r.energy) !== 0).map((r) => [new Date(Number(r.start)).toISOString(), round(r.energy)]);
  };
  const utc = (day: string, time: string) => new Date(at(`${day}T${time}:00`)).toISOString();

  it('splits a step across the register wrap: 990 → (998) → 2 on a 1,000 register is 8 + 4', async () => {
    await db().updateTable('meters').set({ register_max: 1000 }).where('code', '=', 'M012').execute();
    k.t.app.ingest.directory.invalidate();
    const points = { A: ['10:00', 990], B: ['10:15', 998], C: ['10:30', 2] } as Record<string, [string, number]>;
    await ingest('2026-11-10', 'M012', [['A', 'C'], ['B']] as Name[][], points);
    expect(await intervalsOf('M012', '2026-11-10')).toEqual([
      [utc('2026-11-10', '10:00'), 8],
      [utc('2026-11-10', '10:15'), 4],
    ]);
  });

  it('keeps a reset a reset: 5000 → (5005) → 3 counts the 5 kWh before it and nothing across it', async () => {
    const points = { A: ['10:00', 5000], B: ['10:15', 5005], C: ['10:30', 3], D: ['10:45', 8] } as Record<string, [string, number]>;
    await ingest('2026-11-10', 'M013', [['A', 'C', 'D'], ['B']] as Name[][], points);
    expect(await intervalsOf('M013', '2026-11-10')).toEqual([
      [utc('2026-11-10', '10:00'), 5],
      [utc('2026-11-10', '10:30'), 5],
    ]);
  });

  it('leaves a step held in quarantine whole: a late reading inside it changes nothing (the operator resolves the step)', async () => {
    // 10 kW rated: at most 3 kWh in 15 minutes. 0 → 2 (10:15) is plausible, 2 → 50 (10:30) is not.
    await db().updateTable('meters').set({ rated_power_kw: 10 }).where('code', '=', 'M014').execute();
    k.t.app.ingest.directory.invalidate();
    const points = { A: ['10:00', 0], B: ['10:15', 2], C: ['10:30', 50], D: ['10:45', 52] } as Record<string, [string, number]>;
    // A → C (50 kWh in 30 min, limit 6) is held when C arrives; D counts 2. B then splits the held step.
    await ingest('2026-11-10', 'M014', [['A', 'C', 'D']] as Name[][], points);
    const id = await k.id('meters', 'M014');
    const held = () => db().selectFrom('quarantine').select(['from_ts', 'to_ts', 'energy', 'status']).where('meter_id', '=', id).orderBy('id').execute();
    expect(await held()).toEqual([{ from_ts: at('2026-11-10T10:00:00'), to_ts: at('2026-11-10T10:30:00'), energy: 50, status: 'pending' }]);
    await ingest('2026-11-10', 'M014', [['B']] as Name[][], points);
    // A step held for the operator stays whole: the late reading inside it is kept raw and changes nothing.
    expect(await held()).toHaveLength(1);
    expect(await intervalsOf('M014', '2026-11-10')).toEqual([[utc('2026-11-10', '10:30'), 2]]);
  });

  it('re-derives from a meter replacement as the start of the new register cycle', async () => {
    const id = await k.id('meters', 'M015');
    await ingest('2026-11-10', 'M015', [['A']] as Name[][], { A: ['10:00', 700] });
    const response = await k.send('POST', `/api/meters/${id}/replacements`, {
      replacedAt: at('2026-11-10T10:10:00'),
      oldSerial: 'OLD-1',
      newSerial: 'NEW-1',
      oldFinalReading: 710,
      newInitialReading: 0,
      note: 'swap',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // The old meter's last stretch (10 kWh, 10:00 → 10:10) is credited; then 0 → (4 at 10:25) → 10 at 10:40.
    const points = { B: ['10:25', 4], C: ['10:40', 10] } as Record<string, [string, number]>;
    await ingest('2026-11-10', 'M015', [['C'], ['B']] as Name[][], points);
    // 10:10 → 10:25: 4 kWh (5 min in 10:00, 10 in 10:15); 10:25 → 10:40: 6 kWh (5 min in 10:15, 10 in 10:30).
    expect(await intervalsOf('M015', '2026-11-10')).toEqual([
      [utc('2026-11-10', '10:00'), round(10 + 4 / 3)],
      [utc('2026-11-10', '10:15'), round((4 * 2) / 3 + 6 / 3)],
      [utc('2026-11-10', '10:30'), 4],
    ]);
  });
});
