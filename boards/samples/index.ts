import type { SampleBoard } from './sampleBoard';
import { alarmWallSample } from './alarmWall';
import { controlRoomSample } from './controlRoom';
import { plant3dSample } from './plant3d';
import { plantEnergySample } from './plantEnergy';
import { utilitiesDataShowSample } from './utilitiesDataShow';
import { compressorEquipmentSample } from './compressorEquipment';
import { tenantPrepaidSample } from './tenantPrepaid';
import { energyReportsSample } from './energyReports';
import { industryEnergySample } from './industryEnergy';

export type { SampleBoard, SampleRefs } from './sampleBoard';
export { UTILITIES_DATA_SHOW_CODE } from './utilitiesDataShow';
/** Its equipment board is submitted for review when it is seeded, so the review screen has one waiting. */
export const EQUIPMENT_SAMPLE_KEY = compressorEquipmentSample.key;

/**
 * Seeded in this order with the demo organisation (ids 1–3 are the walls of /dash/1–3), then one board of
 * each other purpose: energy, data-show (with its code) and equipment; then the tenant rooms' prepaid wall; the report tables; last, the industry wall (lines, equipment, ships).
 */
export const SAMPLE_BOARDS: readonly SampleBoard[] = [
  controlRoomSample,
  alarmWallSample,
  plant3dSample,
  plantEnergySample,
  utilitiesDataShowSample,
  compressorEquipmentSample,
  tenantPrepaidSample,
  energyReportsSample,
  industryEnergySample,
];
