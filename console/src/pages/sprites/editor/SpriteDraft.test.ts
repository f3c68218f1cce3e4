import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api/apiError';
import { ErrorCode } from '@shared/errors/codes';
import type { Sprite, SpriteBody } from '@shared/schemas/sprites';
import { SpriteDraft } from './SpriteDraft';

const PICTURE = '/api/files/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.png';
const stored = (body: SpriteBody, id = 5): Sprite => ({ ...(body as Sprite), id, updatedAt: 1, updatedBy: 'admin' });

/** A fake sprites api recording what was sent, answering with `answer`. */
function fakeApi(answer: (body: SpriteBody) => Promise<Sprite> = async (body) => stored(body)) {
  const sent: string[] = [];
  return {
    sent,
    api: {
      create: (body: SpriteBody) => (sent.push(`POST ${JSON.stringify(body)}`), answer(body)),
      update: (id: number, body: SpriteBody) => (sent.push(`PUT ${id} ${JSON.stringify(body)}`), answer(body)),
    },
  };
}

describe('SpriteDraft', () => {
  it('places a new icon at the spot, selected and without a meter yet', () => {
    const draft = new SpriteDraft(fakeApi().api);
    expect(draft.placeIcon({ x: 12.5, y: 80 })).toBe(0);
    expect(draft.icons).toEqual([{ meterId: 0, x: 12.5, y: 80, label: '', metric: 'kw', digits: 1 }]);
    expect(draft.selected).toBe(0);
  });

  it('labels an icon with its meter’s name unless someone wrote a label of their own', () => {
    const draft = new SpriteDraft(fakeApi().api);
    draft.placeIcon({ x: 50, y: 50 });
    draft.chooseMeter(0, { id: 4, name: 'M010 Hall A distribution board for the second press line' });
    expect(draft.icons[0]).toMatchObject({ meterId: 4, label: 'M010 Hall A distribution board for the s' });
    draft.chooseMeter(0, { id: 5, name: 'M011 Line 1 press' }, 'M010 Hall A distribution board for the second press line');
    expect(draft.icons[0]).toMatchObject({ meterId: 5, label: 'M011 Line 1 press' });
    draft.updateIcon(0, { label: 'Press 1' });
    draft.chooseMeter(0, { id: 6, name: 'M012 Line 2 press' }, 'M011 Line 1 press');
    expect(draft.icons[0]).toMatchObject({ meterId: 6, label: 'Press 1' });
  });

  it('keeps a dragged icon on the picture', () => {
    const draft = new SpriteDraft(fakeApi().api);
    draft.placeIcon({ x: 50, y: 50 });
    draft.moveIcon(0, { x: 130, y: -4 });
    expect(draft.icons[0]).toMatchObject({ x: 100, y: 0 });
  });

  it('checks with the contract before sending: name, picture and each icon’s meter', async () => {
    const { api, sent } = fakeApi();
    const draft = new SpriteDraft(api);
    draft.placeIcon({ x: 10, y: 10 });
    draft.updateIcon(0, { meterId: 4 });
    draft.placeIcon({ x: 20, y: 20 });
    draft.select(null);
    expect(await draft.save()).toBeNull();
    expect(sent).toEqual([]);
    expect(draft.errors).toEqual({ name: 'Please enter the sprite name', picture: 'Upload a plant picture first', 'icons.1.meterId': 'Choose a meter' });
    expect(draft.selected).toBe(1);
    expect(draft.iconErrors(1)).toEqual({ meterId: 'Choose a meter' });
    draft.updateIcon(1, { meterId: 7 });
    expect(draft.iconErrors(1)).toEqual({});
  });

  it('puts the server’s field issues under their fields and moves them up when an icon before them goes', async () => {
    const refusal = new ApiError(ErrorCode.VALIDATION_FAILED, 'icons.2.meterId: No such meter', {
      issues: [
        { field: 'body.icons.2.meterId', rule: 'custom', message: 'No such meter' },
        { field: 'body.theme', rule: 'custom', message: 'Unexpected field' },
      ],
    });
    const { api, sent } = fakeApi(() => Promise.reject(refusal));
    const draft = new SpriteDraft(api);
    draft.setName('Compressor hall');
    draft.setPicture(PICTURE);
    for (const meterId of [3, 4, 99]) {
      const index = draft.placeIcon({ x: meterId, y: 50 })!;
      draft.updateIcon(index, { meterId });
    }
    draft.select(null);
    expect(await draft.save()).toBeNull();
    expect(sent).toHaveLength(1);
    expect(draft.iconErrors(2)).toEqual({ meterId: 'No such meter' });
    expect(draft.selected).toBe(2);
    expect(draft.otherErrors).toEqual([['theme', 'Unexpected field']]);
    draft.removeIcon(0);
    expect(draft.iconErrors(1)).toEqual({ meterId: 'No such meter' });
    expect(draft.selected).toBe(1);
  });

  it('updates an existing sprite with the body as edited', async () => {
    const { api, sent } = fakeApi();
    const original = stored({ name: 'Boiler room', picture: PICTURE, icons: [{ meterId: 2, x: 40, y: 60, label: 'Pump', metric: 'kw', digits: 1 }] }, 9);
    const draft = new SpriteDraft(api, original);
    draft.updateIcon(0, { metric: 'v', digits: 0 });
    const saved = await draft.save();
    expect(saved?.id).toBe(5);
    expect(sent).toEqual([`PUT 9 {"name":"Boiler room","picture":"${PICTURE}","icons":[{"meterId":2,"x":40,"y":60,"label":"Pump","metric":"v","digits":0}]}`]);
    expect(original.icons[0]!.metric).toBe('kw');
  });
});
