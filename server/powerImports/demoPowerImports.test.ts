import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, energyKit, type EnergyKit } from '../energy/energyKit.test-util';
import { createDemoPowerImports } from './demoPowerImports';

let k: EnergyKit;
const NOW = at('2026-11-20T10:00:00');

beforeAll(async () => {
  k = await energyKit();
  await k.t.app.powerImports.stop();
  await k.t.app.powerComparison.stop();
  // M001 metered 240 kWh on 11 Nov (9 days before NOW: one of the days the utility is 7.2 % over) and 240 kWh on 12 Nov
  await k.ingest([
    { meter: 'M001', ts: at('2026-11-11T00:00:00'), values: { kwh: 1000 } },
    { meter: 'M001', ts: at('2026-11-12T00:00:00'), values: { kwh: 1240 } },
    { meter: 'M001', ts: at('2026-11-13T00:00:00'), values: { kwh: 1480 } },
  ]);
}, 60_000);

afterAll(async () => {
  await k.t.close();
});

describe('the demo imports', () => {
  it('imports the utility figures near the metered ones (some days off by more than 5 %) and a fuel log, once', async () => {
    const made = await createDemoPowerImports(k.t.app, NOW);
    expect(made?.fuelRows).toBe(20);
    while (await k.t.app.powerImports.worker.runNext()) {
      // both batches
    }
    const db = k.t.app.storage.db;
    const batches = await db.selectFrom('import_batches').select(['kind', 'state', 'rejected_rows', 'imported_rows']).orderBy('id').execute();
    expect(batches.map((b) => [b.kind, b.state, Number(b.rejected_rows)])).toEqual([
      ['power', 'done', 0],
      ['fuel', 'done', 0],
    ]);
    const m001 = await k.id('meters', 'M001');
    const rows = await db.selectFrom('imported_power').select(['period_start', 'kwh']).where('object_id', '=', m001).orderBy('period_start').execute();
    // 240 kWh × 1.072 = 257.28 kWh, written as 0.2573 MWh; the next day within ±0.8 % of 240
    expect(rows.find((row) => Number(row.period_start) === at('2026-11-11T00:00:00'))?.kwh).toBeCloseTo(257.3, 9);
    const next = Number(rows.find((row) => Number(row.period_start) === at('2026-11-12T00:00:00'))?.kwh);
    expect(Math.abs(next / 240 - 1)).toBeLessThan(0.01);
    expect(await createDemoPowerImports(k.t.app, NOW)).toBeNull();
  });
});
