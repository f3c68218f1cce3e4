/**
 * `ships:fleet-cii:<year|current>`: the fleet's CII letters, attained against required and the letters of the
 * years before (shared/ships/api.ts), served by server/modules/ships (fleetCiiChannels.ts) every few minutes.
 */
export { fleetCiiChannel, parseFleetCiiChannel, FLEET_CII_REFRESH_MS, type FleetCiiData, type FleetCiiPeriod } from '@shared/ships/api';
