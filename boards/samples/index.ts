import type { SampleBoard } from './sampleBoard';
import { alarmWallSample } from './alarmWall';
import { controlRoomSample } from './controlRoom';
import { plant3dSample } from './plant3d';

export type { SampleBoard, SampleRefs } from './sampleBoard';

/** Seeded in this order on first start with the demo organisation. */
export const SAMPLE_BOARDS: readonly SampleBoard[] = [controlRoomSample, alarmWallSample, plant3dSample];
