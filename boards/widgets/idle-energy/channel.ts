import type { DeviceOverview } from '@shared/productionDevices/api';

/**
 * `devices:idle-energy`: today's figures of every production device of the caller's tree (idle energy, the waste,
 * first) and their totals. Served by server/modules/productionDevices (the same figures as
 * GET /api/production-devices/overview), recomputed every minute. Pure: the server imports this name and parser.
 */
export const IDLE_ENERGY_CHANNEL = 'devices:idle-energy';
export type IdleEnergyData = DeviceOverview;

export const idleEnergyChannel = (): string => IDLE_ENERGY_CHANNEL;
export const isIdleEnergyChannel = (channel: string): boolean => channel === IDLE_ENERGY_CHANNEL;
