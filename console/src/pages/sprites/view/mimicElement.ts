import type { BoardElement } from '@shared/board/document';
import { mimicWidget } from '@boards/widgets/mimic/descriptor';
import type { Sprite } from '@shared/schemas/sprites';
import type { NewBoardElement } from '../placement/boardPlacement';

/** A sprite as the mimic widget shows it on a wall: its picture contained in the tile, its icons as placed. */
export function mimicOfSprite(sprite: Pick<Sprite, 'picture' | 'icons'>): Omit<NewBoardElement, 'title'> {
  return {
    type: mimicWidget.id,
    version: mimicWidget.version,
    options: { background: sprite.picture, fit: 'contain', icons: sprite.icons.map((icon) => ({ ...icon })) },
    binding: {},
    size: { ...mimicWidget.defaultSize },
  };
}

/** The same as a board element for the widget host (no title bar: the page names the sprite). */
export function mimicElementOfSprite(sprite: Pick<Sprite, 'picture' | 'icons'>): BoardElement {
  const { type, version, options, binding } = mimicOfSprite(sprite);
  return { type, version, title: '', options, binding };
}
