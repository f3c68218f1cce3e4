import { describe, expect, it } from 'vitest';
import type { TariffsApi } from '@shared/api/tariffsApi';
import type { Tariff } from '@shared/schemas/tariffs';
import { TariffsController } from './TariffsController';
import { later } from '../../testing/later.test-util';

const tariff = (id: number, name: string) => ({ id, name }) as Tariff;

describe('the tariff list', () => {
  it('keeps the tariff just created when the page’s first load answers after the reload that follows the save', async () => {
    const answers = [later<Tariff[]>(), later<Tariff[]>()];
    let call = 0;
    const api = {
      list: () => answers[call++]!.promise,
      create: () => Promise.resolve(tariff(7, 'New TOU')),
    } as unknown as TariffsApi;
    const controller = new TariffsController(api);
    const firstLoad = controller.load();
    const saved = controller.save(undefined, { name: 'New TOU', energyType: 'electricity', currency: 'CNY', note: '' });
    await Promise.resolve();
    answers[1]!.resolve([tariff(3, 'Old TOU'), tariff(7, 'New TOU')]);
    await saved;
    answers[0]!.resolve([tariff(3, 'Old TOU')]);
    await firstLoad;
    expect(controller.rows.map((row) => row.name)).toEqual(['Old TOU', 'New TOU']);
    expect(controller.loading).toBe(false);
  });
});
