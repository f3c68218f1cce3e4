import { describe, expect, it } from 'vitest';
import type { EnergyApi } from '@shared/api/energyApi';
import type { MeterReplacement, MeterReplacementInput } from '@shared/schemas/energy';
import { ReplacementsController } from './ReplacementsController';
import { later } from '../../testing/later.test-util';

const replacement = (id: number, replacedAt: number): MeterReplacement => ({
  _id: id,
  meterId: 11,
  replacedAt,
  oldSerial: `OLD-${id}`,
  newSerial: `NEW-${id}`,
  oldFinalReading: 100,
  newInitialReading: 0,
  creditedEnergy: 2.5,
  note: '',
  user: 'admin',
});

describe('ReplacementsController', () => {
  it('lists newest first and reloads after recording one', async () => {
    const stored = [replacement(1, 1_000), replacement(2, 3_000)];
    const sent: [number, MeterReplacementInput][] = [];
    const controller = new ReplacementsController(
      {
        replacements: async () => stored,
        replaceMeter: async (meterId, body) => {
          sent.push([meterId, body]);
          const row = replacement(3, body.replacedAt);
          stored.push(row);
          return row;
        },
      },
      11,
    );
    await controller.load();
    expect(controller.rows.map((row) => row._id)).toEqual([2, 1]);
    const saved = await controller.record({ replacedAt: 5_000, oldSerial: 'A', newSerial: 'B' });
    expect(saved?._id).toBe(3);
    expect(sent).toEqual([[11, { replacedAt: 5_000, oldSerial: 'A', newSerial: 'B' }]]);
    expect(controller.rows.map((row) => row._id)).toEqual([3, 2, 1]);
    expect(controller.saving).toBe(false);
  });

  it('resolves null and keeps the list when the server refuses', async () => {
    const controller = new ReplacementsController(
      {
        replacements: async () => [replacement(1, 1_000)],
        replaceMeter: async () => {
          throw new Error('refused');
        },
      },
      11,
    );
    await controller.load();
    expect(await controller.record({ replacedAt: 5_000 })).toBeNull();
    expect(controller.rows).toHaveLength(1);
    expect(controller.saving).toBe(false);
  });

  it('keeps the replacement just recorded when the drawer’s first load answers after the reload that follows', async () => {
    const answers = [later<MeterReplacement[]>(), later<MeterReplacement[]>()];
    let call = 0;
    const api = {
      replacements: () => answers[call++]!.promise,
      replaceMeter: () => Promise.resolve(replacement(2, 3_000)),
    } as unknown as EnergyApi;
    const controller = new ReplacementsController(api, 11);
    const firstLoad = controller.load();
    const recorded = controller.record({ replacedAt: 3_000 });
    await Promise.resolve();
    answers[1]!.resolve([replacement(1, 1_000), replacement(2, 3_000)]);
    expect((await recorded)?._id).toBe(2);
    answers[0]!.resolve([replacement(1, 1_000)]);
    await firstLoad;
    expect(controller.rows.map((row) => row._id)).toEqual([2, 1]);
    expect(controller.loading).toBe(false);
  });
});
