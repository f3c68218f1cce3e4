import { describe, expect, it } from 'vitest';
import type { MeterReplacement, MeterReplacementInput } from '@shared/schemas/energy';
import { ReplacementsController } from './ReplacementsController';

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
});
