import { describe, expect, it } from 'vitest';
import type { RoutersApi } from '@shared/api/routersApi';
import type { RouterEntry, RouterInput } from '@shared/schemas/router';
import { MenusController } from './MenusController';
import { later } from '../../testing/later.test-util';

const entry = (id: number, path: string) => ({ _id: id, path, parent: null }) as RouterEntry;

describe('the menu tree', () => {
  it('keeps the entry just created when the page’s first load answers after the reload that follows the save', async () => {
    const answers = [later<RouterEntry[]>(), later<RouterEntry[]>()];
    let call = 0;
    const api = {
      tree: () => answers[call++]!.promise,
      create: () => Promise.resolve(entry(7, 'reports')),
    } as unknown as RoutersApi;
    const controller = new MenusController(api);
    const firstLoad = controller.load();
    const saved = controller.save(null, { path: 'reports', parent: null } as RouterInput);
    await Promise.resolve();
    answers[1]!.resolve([entry(3, 'home'), entry(7, 'reports')]);
    await saved;
    answers[0]!.resolve([entry(3, 'home')]);
    await firstLoad;
    expect(controller.entries.map((row) => row.path)).toEqual(['home', 'reports']);
    expect(controller.loading).toBe(false);
  });
});
