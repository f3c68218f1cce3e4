import { describe, expect, it, vi } from 'vitest';
import { fakeAdapter } from '../api/fakeAdapter.test-util';
import type { ApiError } from '../api/apiError';
import { RootStore } from './rootStore';

function memoryPersistence(initial?: string) {
  let token = initial;
  return { get: () => token, set: (value: string) => (token = value), remove: () => (token = undefined) };
}

describe('RootStore', () => {
  it('sends the session token and adopts a renewed one into the session', async () => {
    const auth: unknown[] = [];
    const root = new RootStore({
      language: 'en',
      persistence: memoryPersistence('first'),
      adapter: fakeAdapter((config) => {
        auth.push(config.headers.get('Authorization'));
        return { body: { code: 0, data: null, message: 'ok' }, headers: { 'x-new-token': 'second' } };
      }),
    });
    await root.http.get('/users/check');
    await root.http.get('/users/check');
    expect(auth).toEqual(['Bearer first', 'Bearer second']);
    expect(root.session.token).toBe('second');
  });

  it('reports api errors to listeners until disposed', async () => {
    const root = new RootStore({
      language: 'en',
      persistence: memoryPersistence(),
      adapter: fakeAdapter(() => ({ status: 401, body: { code: 10004, data: null, message: 'revoked' } })),
    });
    const listener = vi.fn<(error: ApiError) => void>();
    root.onApiError(listener);
    await expect(root.session.getInfo()).rejects.toMatchObject({ code: 10004, isLogoutCode: true });
    expect(listener).toHaveBeenCalledOnce();

    root.dispose();
    await root.session.getInfo().catch(() => undefined);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('switches the language of its i18n instance', () => {
    const root = new RootStore({ language: 'en', persistence: memoryPersistence() });
    root.app.setLanguage('es');
    expect(root.app.language).toBe('es');
    expect(root.i18n.t('logoutConfirm.cancel')).toBe('Cancelar');
  });
});
