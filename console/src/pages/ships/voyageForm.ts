import dayjs, { type Dayjs } from 'dayjs';
import type { VoyageAnswer } from '@shared/ships/api';
import type { CargoUnit, LegCondition, VoyageBody } from '@shared/ships/schemas';

/**
 * What the voyage dialog's widgets hold, and the body of `POST /api/ships/:id/voyages` / `PUT /api/ship-voyages/:id`
 * made from it. Times are picked on the console's clock (dayjs in the browser's zone, as every picker of the
 * console) and sent as epoch ms, one instant whatever the zone; the lists show them in UTC.
 */

export interface LegValues {
  /** A stored leg keeps its id, so the fuel entries linked to it stay linked. */
  id?: number;
  portFrom?: string;
  portTo?: string;
  departureAt?: Dayjs | null;
  arrivalAt?: Dayjs | null;
  distanceNm?: number | null;
  cargo?: number | null;
  cargoUnit?: CargoUnit;
  condition?: LegCondition;
}

export interface VoyageValues {
  code?: string;
  note?: string;
  legs?: LegValues[];
}

/** The widgets' fields of one leg, in the order the row shows them. */
export const LEG_FIELDS = ['portFrom', 'portTo', 'departureAt', 'arrivalAt', 'distanceNm', 'condition', 'cargo', 'cargoUnit'] as const;
export type LegField = (typeof LEG_FIELDS)[number];

/**
 * A leg to append: it sails on from where the last one arrived, when it arrived, counting cargo in the same unit
 * (a voyage counts cargo in one unit). The first leg of a new voyage is laden, in the unit given (the ship's last one).
 */
export function nextLeg(previous?: LegValues, unit: CargoUnit = 't'): LegValues {
  return {
    portFrom: previous?.portTo ?? '',
    portTo: '',
    departureAt: previous?.arrivalAt ?? null,
    arrivalAt: null,
    distanceNm: null,
    cargo: null,
    cargoUnit: previous?.cargoUnit ?? unit,
    condition: 'laden',
  };
}

/** The dialog's starting values: a stored voyage as it is, or a new one with one empty leg counting cargo in `unit`. */
export function voyageValues(voyage?: VoyageAnswer, unit: CargoUnit = 't'): VoyageValues {
  if (!voyage) return { code: '', note: '', legs: [nextLeg(undefined, unit)] };
  return {
    code: voyage.code,
    note: voyage.note,
    legs: voyage.legs.map((leg) => ({
      id: leg.id,
      portFrom: leg.portFrom,
      portTo: leg.portTo,
      departureAt: dayjs(leg.departureAt),
      arrivalAt: dayjs(leg.arrivalAt),
      distanceNm: leg.distanceNm,
      cargo: leg.cargo,
      cargoUnit: leg.cargoUnit,
      condition: leg.condition,
    })),
  };
}

const instant = (value: Dayjs | null | undefined): number | undefined => (value ? value.valueOf() : undefined);
const amount = (value: number | null | undefined): number | undefined => (value === null || value === undefined ? undefined : value);

/**
 * The body the contract checks. An empty box is left out (the schema then names it: "Please fill in this field",
 * "Must be a number"); an empty cargo is the schema's default 0, which a laden leg refuses with its own message.
 */
export function voyageBody(values: VoyageValues): VoyageBody {
  return {
    code: values.code ?? '',
    note: values.note ?? '',
    legs: (values.legs ?? []).map((leg) => ({
      ...(leg.id === undefined ? {} : { id: leg.id }),
      portFrom: leg.portFrom ?? '',
      portTo: leg.portTo ?? '',
      departureAt: instant(leg.departureAt),
      arrivalAt: instant(leg.arrivalAt),
      distanceNm: amount(leg.distanceNm),
      cargo: amount(leg.cargo),
      cargoUnit: leg.cargoUnit,
      condition: leg.condition,
    })),
  } as VoyageBody;
}

/**
 * The form field an issue of the contract or the server belongs to: `legs.1.arrivalAt` is the second leg's
 * arrival, `code` the voyage code. `legs` itself (none, too many) goes to the list; a leg's id (a leg another save
 * removed meanwhile) to the leg's departure port, the first box of its row. Anything else has no field.
 */
export function issueField(path: string): string | undefined {
  if (path === 'code' || path === 'note' || path === 'legs') return path;
  const leg = /^legs\.(\d+)\.(\w+)$/.exec(path);
  if (!leg) return undefined;
  const [, index, field] = leg;
  if (field === 'id') return `legs.${index}.portFrom`;
  return (LEG_FIELDS as readonly string[]).includes(field ?? '') ? `legs.${index}.${field}` : undefined;
}
