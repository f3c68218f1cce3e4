import type { BoardDocumentInput } from '@shared/board/document';
import { alarmWallSample } from './alarmWall';
import { controlRoomSample } from './controlRoom';
import { plant3dSample } from './plant3d';

/** Ids of the demo organisation the seed resolved from codes (meters M011…, departments PLANT…, sub-items POWER…). */
export interface SampleRefs {
  meter(code: string): number | undefined;
  department(code: string): number | undefined;
  subitem(code: string): number | undefined;
}

/** A board shipped with the product and seeded once on first start (boards.sample_key keeps it once). */
export interface SampleBoard {
  key: string;
  build(refs: SampleRefs): BoardDocumentInput;
}

/** Seeded in this order on first start with the demo organisation. */
export const SAMPLE_BOARDS: readonly SampleBoard[] = [controlRoomSample, alarmWallSample, plant3dSample];
