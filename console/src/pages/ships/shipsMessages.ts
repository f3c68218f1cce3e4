import type { TFunction } from 'i18next';
import { DENSITY_MESSAGE, FUEL_AMOUNT_MESSAGE } from '@shared/resources/shipFuelEntries';
import { ruleOfMessage } from '@shared/resources';

/** The ships rules the API words itself (English), each with the catalogue key shown in its place. */
const KNOWN: readonly { match: (message: string) => Record<string, string> | null; key: string }[] = [
  { match: (m) => (m === FUEL_AMOUNT_MESSAGE ? {} : null), key: 'ships.messages.amount' },
  { match: (m) => (m === 'Enter the tonnes or the litres, not both' ? {} : null), key: 'ships.messages.both' },
  { match: (m) => (m === 'Enter the density (kg/m³) that turns the litres into tonnes' ? {} : null), key: 'ships.messages.density' },
  { match: (m) => (m === DENSITY_MESSAGE ? {} : null), key: 'ships.messages.densityRange' },
  { match: (m) => (m === 'A bunker delivery note entry needs the note’s number' ? {} : null), key: 'ships.messages.bdn' },
  {
    match: (m) => {
      const found = /^Leg (\d+) is not a leg of this ship$/.exec(m);
      return found ? { id: found[1] ?? '' } : null;
    },
    key: 'ships.messages.legOfShip',
  },
];

/** A validation message in the reader's language: a kit rule (resources.validation.*), a ships rule, or as sent. */
export function shipsMessageText(t: TFunction, message: string): string {
  const rule = ruleOfMessage(message);
  if (rule) return t(`resources.validation.${rule}`);
  for (const known of KNOWN) {
    const values = known.match(message);
    if (values) return t(known.key, values);
  }
  return message;
}
