import type { TFunction } from 'i18next';
import { ARRIVAL_ORDER_MESSAGE, DATE_TIME_MESSAGE } from '@shared/ships/schemas';
import { shipsMessageText } from './shipsMessages';

/** The voyage rules of shared/ships/schemas.ts as the API words them (English), each with the catalogue key shown instead. */
const KNOWN: readonly { pattern: RegExp; key: string; names?: readonly string[] }[] = [
  { pattern: new RegExp(`^${ARRIVAL_ORDER_MESSAGE}$`), key: 'ships.messages.arrivalOrder' },
  { pattern: /^Leg (\d+) departs before leg (\d+) arrives$/, key: 'ships.messages.legOrder', names: ['leg', 'before'] },
  { pattern: /^All legs of a voyage count cargo in one unit \(leg 1: (\w+)\)$/, key: 'ships.messages.oneUnit', names: ['unit'] },
  { pattern: /^A ballast leg carries no cargo/, key: 'ships.messages.ballastCargo' },
  { pattern: /^A laden leg needs its cargo/, key: 'ships.messages.ladenCargo' },
  { pattern: /^A leg is at most (\d+) nm$/, key: 'ships.messages.legDistance', names: ['max'] },
  { pattern: /^Must not be negative$/, key: 'ships.messages.negative' },
  { pattern: /^A voyage needs at least one leg$/, key: 'ships.messages.noLegs' },
  { pattern: /^A voyage has at most (\d+) legs$/, key: 'ships.messages.tooManyLegs', names: ['max'] },
  { pattern: /^Leg (\d+) is not a leg of this voyage$/, key: 'ships.messages.legOfVoyage', names: ['id'] },
  { pattern: new RegExp(`^${DATE_TIME_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key: 'ships.messages.dateTime' },
];

/**
 * A voyage validation message (from the contract in the browser or from the server) in the reader's language; the
 * unit of "one unit" is named as the voyages list names it. Other messages: the fuel rules, the kit's rules, or as sent.
 */
export function voyageMessageText(t: TFunction, message: string): string {
  for (const known of KNOWN) {
    const found = known.pattern.exec(message);
    if (!found) continue;
    const values: Record<string, string> = {};
    known.names?.forEach((name, index) => (values[name] = found[index + 1] ?? ''));
    if (values.unit) values.unit = t(`ships.voyages.units.${values.unit}`);
    return t(known.key, values);
  }
  return shipsMessageText(t, message);
}
