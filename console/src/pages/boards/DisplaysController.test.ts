import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n';
import { DISPLAYS_REFRESH_MS, DisplaysController, scopeBoardIds, type DisplayDraft } from './DisplaysController';
import { display, fakeDisplaysApi, refusal, TOKEN } from './testFixtures.test-util';

const t = createI18n('en').t;
const draft = (patch: Partial<DisplayDraft> = {}): DisplayDraft => ({
  name: 'Control room left',
  scopeKind: 'boards',
  boardIds: [1, 3],
  playlistId: null,
  ...patch,
});

describe('DisplaysController: create', () => {
  it('sends the contract body, keeps the token for the one-time dialog and forgets it on close', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    expect(await displays.create(draft({ name: '  Control room left ' }))).toEqual({ ok: true });
    expect(calls[0]).toBe(`createDisplay [{"name":"Control room left","scope":{"kind":"boards","boardIds":[1,3]}}]`);
    expect(displays.issued?.token).toBe(TOKEN);
    expect(displays.issued?.link).toBe(`/dash/1?access_token=${TOKEN}`);
    // The list is asked again: the new display is in it, without its token.
    expect(displays.displays.map((row) => row.id)).toEqual([7, 8]);
    expect(JSON.stringify(displays.displays)).not.toContain(TOKEN);
    displays.dismissIssued();
    expect(displays.issued).toBeNull();
    expect(JSON.stringify(displays)).not.toContain(TOKEN);
  });

  it('sends a playlist scope with only the playlist id', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    await displays.create(draft({ scopeKind: 'playlist', boardIds: [1], playlistId: 4 }));
    expect(calls[0]).toBe(`createDisplay [{"name":"Control room left","scope":{"kind":"playlist","playlistId":4}}]`);
  });

  it('refuses with the contract messages on the form fields before sending', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    expect(await displays.create(draft({ name: ' ', boardIds: [] }))).toEqual({
      ok: false,
      errors: { name: 'Please enter the display name', boardIds: 'Choose at least one board' },
    });
    expect(await displays.create(draft({ name: 'x'.repeat(81), scopeKind: 'playlist' }))).toEqual({
      ok: false,
      errors: { name: 'At most 80 characters', playlistId: 'Choose a playlist' },
    });
    expect(calls).toEqual([]);
    expect(displays.issued).toBeNull();
  });

  it("puts the server's field messages on the form fields, in the reader's language", async () => {
    const { api } = fakeDisplaysApi({
      createDisplay: async () => {
        throw refusal('body.scope.boardIds', 'Choose at least one board');
      },
    });
    expect(await new DisplaysController(api, createI18n('zh').t).create(draft())).toEqual({ ok: false, errors: { boardIds: '请至少选择一个看板' } });
    const named = fakeDisplaysApi({
      createDisplay: async () => {
        throw refusal('scope.boardIds.1', 'board 3 is not visible to you');
      },
    });
    expect(await new DisplaysController(named.api, t).create(draft())).toEqual({ ok: false, errors: { boardIds: 'board 3 is not visible to you' } });
  });
});

describe('DisplaysController: row actions', () => {
  it('revokes, switches, reloads and deletes with the right calls', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    await displays.load();
    calls.length = 0;
    expect(await displays.revoke(7)).toBe(true);
    expect(displays.displays[0]?.revokedAt).toBe(Date.UTC(2026, 10, 22, 12));
    expect(await displays.show(7, 2)).toBe(true);
    expect(await displays.show(7, null)).toBe(true);
    expect(await displays.reload(7)).toBe(true);
    expect(await displays.remove(7)).toBe(true);
    // Every action but reload asks for the list again.
    expect(calls).toEqual([
      'revokeDisplay [7]',
      'displays []',
      'showOnDisplay [7,2]',
      'displays []',
      'showOnDisplay [7,null]',
      'displays []',
      'reloadDisplay [7]',
      'deleteDisplay [7]',
      'displays []',
    ]);
    expect(displays.pending.size).toBe(0);
  });

  it('resolves false when the server refuses, and frees the row', async () => {
    const { api } = fakeDisplaysApi({
      revokeDisplay: async () => {
        throw new Error('offline');
      },
    });
    const displays = new DisplaysController(api, t);
    expect(await displays.revoke(7)).toBe(false);
    expect(displays.pending.has(7)).toBe(false);
  });

  it("switches among the display's scope boards, a playlist's boards once each", () => {
    const playlist = {
      entries: [
        { boardId: 2, seconds: 30 },
        { boardId: 3, seconds: 60 },
        { boardId: 2, seconds: 30 },
      ],
    };
    expect(scopeBoardIds(display(1), () => undefined)).toEqual([1, 2]);
    expect(scopeBoardIds(display(1, { scope: { kind: 'playlist', playlistId: 4 } }), (id) => (id === 4 ? playlist : undefined))).toEqual([2, 3]);
    expect(scopeBoardIds(display(1, { scope: { kind: 'playlist', playlistId: 9 } }), () => undefined)).toEqual([]);
  });
});

describe('DisplaysController: refresh timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 10 s while on, and never again once disposed', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    displays.setPolling(true);
    expect(displays.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['displays []']);
    await vi.advanceTimersByTimeAsync(DISPLAYS_REFRESH_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * DISPLAYS_REFRESH_MS);
    expect(calls).toHaveLength(4);
    displays.dispose();
    expect(displays.polling).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * DISPLAYS_REFRESH_MS);
    expect(calls).toHaveLength(4);
  });

  it('turning it on twice keeps one timer; off stops it', async () => {
    const { api, calls } = fakeDisplaysApi();
    const displays = new DisplaysController(api, t);
    displays.setPolling(true);
    displays.setPolling(true);
    expect(vi.getTimerCount()).toBe(1);
    displays.setPolling(false);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3 * DISPLAYS_REFRESH_MS);
    expect(calls).toEqual(['displays []']);
  });

  it('skips a round while the last answer is still awaited', async () => {
    let answer: (() => void) | null = null;
    const { api, calls } = fakeDisplaysApi();
    const slow = { ...api, displays: () => (calls.push('displays'), new Promise<never[]>((resolve) => (answer = () => resolve([])))) };
    const displays = new DisplaysController(slow, t);
    displays.setPolling(true);
    await vi.advanceTimersByTimeAsync(3 * DISPLAYS_REFRESH_MS);
    expect(calls).toEqual(['displays']);
    answer!();
    await vi.advanceTimersByTimeAsync(DISPLAYS_REFRESH_MS);
    expect(calls).toEqual(['displays', 'displays']);
    displays.dispose();
  });
});
