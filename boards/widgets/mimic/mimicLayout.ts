import { OPEN_ALARM_STATES, type AlarmRecord } from '@shared/schemas/alarms';
import type { PictureFit } from '@shared/schemas/pictureUrl';

/**
 * The meters with an open (new or acknowledged) alarm among the records: their icons turn red. Only
 * meter subjects count: a department or gateway with the same id is not the meter.
 */
export function metersInAlarm(records: readonly AlarmRecord[]): Set<number> {
  const meters = new Set<number>();
  for (const record of records) {
    if (record.subject.type === 'meter' && OPEN_ALARM_STATES.includes(record.processingState)) meters.add(record.subject.id);
  }
  return meters;
}

export interface PictureRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the picture lands in the tile (object-fit contain or cover), so icons placed at x %/y % of the
 * picture stay on their spot at any tile shape. Unknown natural size (not loaded yet, no picture): the tile.
 */
export function pictureRect(tileWidth: number, tileHeight: number, naturalWidth: number, naturalHeight: number, fit: PictureFit): PictureRect {
  if (naturalWidth <= 0 || naturalHeight <= 0) return { left: 0, top: 0, width: tileWidth, height: tileHeight };
  const ratio =
    fit === 'contain' ? Math.min(tileWidth / naturalWidth, tileHeight / naturalHeight) : Math.max(tileWidth / naturalWidth, tileHeight / naturalHeight);
  const width = naturalWidth * ratio;
  const height = naturalHeight * ratio;
  return { left: (tileWidth - width) / 2, top: (tileHeight - height) / 2, width, height };
}
