import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import type { BoardRecord } from '@shared/schemas/boards';
import { ErrorCode } from '@shared/errors/codes';
import { mimicOfSprite } from '../view/mimicElement';
import { addToBoard } from './addToBoard';
import { boardWith } from './boardFixture.test-util';

const PICTURE = '/api/files/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png';
const record = (): BoardRecord => ({
  ...({} as BoardRecord),
  id: 3,
  name: 'Hall 2',
  revision: 7,
  document: boardWith([{ element: 'clock', x: 0, y: 0, w: 6, h: 3 }]),
});

function fakeDisplays(update: (id: number, document: unknown, revision: number) => Promise<BoardRecord>) {
  const puts: { id: number; document: unknown; revision: number }[] = [];
  return {
    puts,
    api: {
      board: async (id: number) => ({ ...record(), id }),
      updateBoard: (id: number, document: unknown, revision: number) => (puts.push({ id, document, revision }), update(id, document, revision)),
    },
  };
}

describe('addToBoard', () => {
  it('places a sprite as a mimic and saves on top of the loaded revision', async () => {
    const { api, puts } = fakeDisplays(async () => ({ ...record(), revision: 8 }));
    const sprite = { picture: PICTURE, icons: [{ meterId: 4, x: 30, y: 40, label: 'Press 1', metric: 'kw', digits: 1 }] };
    const outcome = await addToBoard(api, 3, { ...mimicOfSprite(sprite), title: 'Press line' });
    expect(outcome).toEqual({ kind: 'saved', boardId: 3, elementId: 'mimic-1', revision: 8 });
    expect(puts).toHaveLength(1);
    expect(puts[0]!.revision).toBe(7);
    const document = puts[0]!.document as ReturnType<typeof record>['document'];
    expect(document.elements['mimic-1']).toEqual({
      type: 'mimic',
      version: 1,
      title: 'Press line',
      options: { background: PICTURE, fit: 'contain', icons: sprite.icons },
      binding: {},
    });
    expect(document.layout.spec.items.at(-1)).toEqual({ element: 'mimic-1', x: 0, y: 3, w: 12, h: 10 });
  });

  it('does not send a board the shared check refuses, and says why', async () => {
    const { api, puts } = fakeDisplays(async () => record());
    const outcome = await addToBoard(api, 3, { ...mimicOfSprite({ picture: 'http://plant.example.com/a.png', icons: [] }), title: '' });
    expect(outcome).toEqual({
      kind: 'invalid',
      issues: [{ field: 'elements.mimic-1.options.background', message: 'Use a path on this server starting with / or an https:// address' }],
    });
    expect(puts).toEqual([]);
  });

  it('hands back the server’s VALIDATION_FAILED issues relative to the board, and rethrows anything else', async () => {
    const refused = new ApiError(ErrorCode.VALIDATION_FAILED, 'The request is not valid', {
      issues: [{ field: 'body.document.elements.mimic-1.options.icons.0.meterId', rule: 'custom', message: 'No such meter' }],
    });
    const outcome = await addToBoard(fakeDisplays(() => Promise.reject(refused)).api, 3, { ...mimicOfSprite({ picture: PICTURE, icons: [] }), title: '' });
    expect(outcome).toEqual({ kind: 'invalid', issues: [{ field: 'elements.mimic-1.options.icons.0.meterId', message: 'No such meter' }] });
    const conflict = new ApiError(ErrorCode.REVISION_CONFLICT, 'Someone else saved this in the meantime; reload it and try again');
    await expect(
      addToBoard(fakeDisplays(() => Promise.reject(conflict)).api, 3, { ...mimicOfSprite({ picture: PICTURE, icons: [] }), title: '' }),
    ).rejects.toBe(conflict);
  });
});
