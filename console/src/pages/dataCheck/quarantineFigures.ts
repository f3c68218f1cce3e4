import { formatQuantity, withThousands } from '@shared/format';
import type { QuarantineItem } from '@shared/schemas/energy';

/** How a quarantined step reads: energies with the meter's unit, the raw register as the meter showed it. */
export const claimedEnergy = (item: QuarantineItem): string => formatQuantity(item.energy, item.meter.unit);
export const limitEnergy = (item: QuarantineItem): string => formatQuantity(item.limitEnergy, item.meter.unit);
export const registerStepText = (item: QuarantineItem): string => `${withThousands(item.rawFrom, 3)} → ${withThousands(item.rawTo, 3)}`;
/** How many times the rating's limit the step claims: the operator's first clue (a wrong CT ratio shows as a round factor). */
export const overLimitFactor = (item: QuarantineItem): string => (item.limitEnergy > 0 ? `×${withThousands(item.energy / item.limitEnergy, 1)}` : '');
