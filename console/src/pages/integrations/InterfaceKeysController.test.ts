import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { InterfacesApi } from '@shared/api/interfacesApi';
import type { InterfaceKey } from '@shared/schemas/interfaces';
import { InterfaceKeysController } from './InterfaceKeysController';
import { later } from '../../testing/later.test-util';

const key = (id: number, state: InterfaceKey['state']): InterfaceKey => ({
  _id: id,
  name: `System ${id}`,
  state,
  keyHint: '…abcd',
  createdAt: 1,
  activatedAt: null,
  lastUsedAt: null,
});

/** An in-memory key service with the server's rules: unknown → 10009, twice → 10010. */
function fakeApi() {
  const keys: InterfaceKey[] = [];
  const texts = new Map<string, number>();
  const api: InterfacesApi = {
    keys: async () => ({ total: keys.length, rows: [...keys] }),
    createKey: async (name) => {
      const created = { ...key(keys.length + 1, 'issued'), name };
      keys.unshift(created);
      texts.set(`ek_${created._id}`, created._id);
      return { ...created, key: `ek_${created._id}` };
    },
    activateKey: async (text) => {
      const found = keys.find((k) => k._id === texts.get(text));
      if (!found || found.state === 'revoked') throw new ApiError(10009, 'The sdk key is invalid');
      if (found.state === 'active') throw new ApiError(10010, 'The sdk key has already been used');
      found.state = 'active';
      return found;
    },
    revokeKey: async (id) => {
      const found = keys.find((k) => k._id === id);
      if (found) found.state = 'revoked';
      return null;
    },
    calls: async () => ({ total: 0, rows: [] }),
  };
  return api;
}

describe('InterfaceKeysController', () => {
  it('keeps the full key of a new key only until the dialog is dismissed', async () => {
    const controller = new InterfaceKeysController(fakeApi());
    expect(await controller.create('  BMS  ')).toBe(true);
    expect(controller.issued?.key).toBe('ek_1');
    expect(controller.issued?.name).toBe('BMS');
    expect(controller.keys.map((k) => [k.name, k.state])).toEqual([['BMS', 'issued']]);
    controller.dismissIssued();
    expect(controller.issued).toBeNull();
  });

  it('activates a pasted key once; a second time resolves null (the server said 10010)', async () => {
    const controller = new InterfaceKeysController(fakeApi());
    await controller.create('BMS');
    expect((await controller.activate(' ek_1 '))?.state).toBe('active');
    expect(controller.keys[0]?.state).toBe('active');
    expect(await controller.activate('ek_1')).toBeNull();
    expect(await controller.activate('ek_unknown')).toBeNull();
    expect(controller.busy).toBe(false);
  });

  it('revokes a key and shows the new state', async () => {
    const controller = new InterfaceKeysController(fakeApi());
    await controller.create('BMS');
    expect(await controller.revoke(1)).toBe(true);
    expect(controller.keys[0]?.state).toBe('revoked');
    expect(await controller.activate('ek_1')).toBeNull();
  });

  it('keeps the revoked state when the page’s first load answers after the reload that follows the revoke', async () => {
    type Keys = Awaited<ReturnType<InterfacesApi['keys']>>;
    const answers = [later<Keys>(), later<Keys>()];
    let call = 0;
    const api = { keys: () => answers[call++]!.promise, revokeKey: () => Promise.resolve(null) } as unknown as InterfacesApi;
    const controller = new InterfaceKeysController(api);
    const firstLoad = controller.load();
    const revoked = controller.revoke(1);
    await Promise.resolve();
    answers[1]!.resolve({ total: 1, rows: [key(1, 'revoked')] });
    expect(await revoked).toBe(true);
    answers[0]!.resolve({ total: 1, rows: [key(1, 'active')] });
    await firstLoad;
    expect(controller.keys.map((row) => row.state)).toEqual(['revoked']);
    expect(controller.loading).toBe(false);
  });
});
