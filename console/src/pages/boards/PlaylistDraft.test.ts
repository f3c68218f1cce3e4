import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n';
import { displaysEn } from '@shared/i18n/locales/displays/en';
import { displayCreateSchema, MAX_PLAYLIST_SECONDS, MIN_PLAYLIST_SECONDS, playlistSchema } from '@shared/schemas/boards';
import { DEFAULT_ENTRY_SECONDS, PlaylistDraft } from './PlaylistDraft';
import { cycleSeconds, PlaylistsController } from './PlaylistsController';
import { fakeDisplaysApi, refusal } from './testFixtures.test-util';

const t = createI18n('en').t;
const messages = (result: ReturnType<typeof playlistSchema.safeParse>) => (result.success ? [] : result.error.issues.map((issue) => issue.message));

describe('playlist rule texts', () => {
  it('are the contract messages, word for word', () => {
    const entry = (seconds: number) => ({ boardId: 1, seconds });
    expect(messages(playlistSchema.safeParse({ name: ' ', entries: [] }))).toEqual([displaysEn.rules.playlistName, displaysEn.rules.minEntries]);
    expect(messages(playlistSchema.safeParse({ name: 'x'.repeat(81), entries: Array.from({ length: 101 }, () => entry(60)) }))).toEqual([
      displaysEn.rules.max80,
      displaysEn.rules.maxEntries,
    ]);
    expect(messages(playlistSchema.safeParse({ name: 'a', entries: [entry(MIN_PLAYLIST_SECONDS - 1), entry(MAX_PLAYLIST_SECONDS + 1)] }))).toEqual([
      displaysEn.rules.minSeconds,
      displaysEn.rules.maxSeconds,
    ]);
    const display = displayCreateSchema.safeParse({ name: '', scope: { kind: 'boards', boardIds: [] } });
    expect(display.success ? [] : display.error.issues.map((issue) => issue.message)).toEqual([displaysEn.rules.displayName, displaysEn.rules.minBoards]);
  });
});

describe('PlaylistDraft', () => {
  it('shows the exact contract messages per field and entry', () => {
    const draft = new PlaylistDraft(t);
    expect(draft.validate()).toBeNull();
    expect(draft.errors).toEqual({ name: 'Please enter the playlist name', entries: 'Add at least one board' });
    draft.setName('x'.repeat(81));
    draft.addEntry(1);
    draft.addEntry();
    draft.setSeconds(0, 4);
    draft.setSeconds(1, 86_401);
    expect(draft.errors).toEqual({
      name: 'At most 80 characters',
      'entries.0.seconds': 'At least 5 seconds',
      'entries.1.boardId': 'Choose a board',
      'entries.1.seconds': 'At most 24 hours',
    });
    draft.setSeconds(0, null);
    draft.setSeconds(1, 7.5);
    expect(draft.errorOf('entries.0.seconds')).toBe('Enter a whole number of seconds');
    expect(draft.errorOf('entries.1.seconds')).toBe('Enter a whole number of seconds');
  });

  it('words the same rules in Chinese and Spanish', () => {
    for (const [language, expected] of [
      ['zh', { name: '请输入轮播列表名称', entries: '请至少添加一个看板' }],
      ['es', { name: 'Introduzca el nombre de la lista', entries: 'Añada al menos un tablero' }],
    ] as const) {
      const draft = new PlaylistDraft(createI18n(language).t);
      draft.validate();
      expect(draft.errors).toEqual(expected);
    }
  });

  it('adds, moves and removes entries in order, keeping each row its key', () => {
    const draft = new PlaylistDraft(t, {
      name: 'Lobby loop',
      entries: [
        { boardId: 1, seconds: 30 },
        { boardId: 2, seconds: 45 },
      ],
    });
    draft.addEntry(3);
    expect(draft.entries.at(-1)?.seconds).toBe(DEFAULT_ENTRY_SECONDS);
    const keys = draft.entries.map((entry) => entry.key);
    draft.move(2, -1);
    draft.move(0, -1); // the top cannot go higher
    draft.move(2, 1); // nor the bottom lower
    expect(draft.entries.map((entry) => entry.boardId)).toEqual([1, 3, 2]);
    expect(draft.entries.map((entry) => entry.key)).toEqual([keys[0], keys[2], keys[1]]);
    draft.removeEntry(0);
    expect(draft.validate()).toEqual({
      name: 'Lobby loop',
      entries: [
        { boardId: 3, seconds: DEFAULT_ENTRY_SECONDS },
        { boardId: 2, seconds: 45 },
      ],
    });
    expect(draft.errors).toEqual({});
  });

  it('clears a message as soon as the field is put right', () => {
    const draft = new PlaylistDraft(t);
    draft.validate();
    draft.setName('Lobby loop');
    expect(draft.errors).toEqual({ entries: 'Add at least one board' });
    draft.addEntry(2);
    expect(draft.errors).toEqual({});
  });
});

describe('PlaylistsController', () => {
  it('sends nothing while the draft is refused, then creates and updates', async () => {
    const { api, calls } = fakeDisplaysApi();
    const playlists = new PlaylistsController(api);
    const draft = new PlaylistDraft(t);
    expect(await playlists.save(draft)).toBeNull();
    expect(calls).toEqual([]);
    draft.setName(' Lobby loop ');
    draft.addEntry(2);
    draft.setSeconds(0, 20);
    expect((await playlists.save(draft))?.id).toBe(5);
    expect(await playlists.save(draft, 4)).not.toBeNull();
    expect(calls).toEqual([
      'createPlaylist [{"name":"Lobby loop","entries":[{"boardId":2,"seconds":20}]}]',
      'playlists []',
      'updatePlaylist [4,{"name":"Lobby loop","entries":[{"boardId":2,"seconds":20}]}]',
      'playlists []',
    ]);
    expect(cycleSeconds(playlists.playlists[0]!)).toBe(120);
  });

  it("shows the server's field messages on the entry they name", async () => {
    const { api } = fakeDisplaysApi({
      createPlaylist: async () => {
        throw refusal('body.entries.0.boardId', 'board 9 does not exist');
      },
    });
    const draft = new PlaylistDraft(t, { name: 'Lobby loop', entries: [{ boardId: 9, seconds: 30 }] });
    expect(await new PlaylistsController(api).save(draft)).toBeNull();
    expect(draft.errors).toEqual({ 'entries.0.boardId': 'board 9 does not exist' });
  });

  it('deletes and asks for the list again', async () => {
    const { api, calls } = fakeDisplaysApi();
    expect(await new PlaylistsController(api).remove(4)).toBe(true);
    expect(calls).toEqual(['deletePlaylist [4]', 'playlists []']);
  });
});
