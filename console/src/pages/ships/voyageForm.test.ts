import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { VoyageAnswer } from '@shared/ships/api';
import { voyageBodySchema } from '@shared/ships/schemas';
import { issueField, nextLeg, voyageBody, voyageValues } from './voyageForm';
import { voyageMessageText } from './voyageMessages';

const at = (iso: string) => Date.parse(iso);

const stored: VoyageAnswer = {
  id: 7,
  shipId: 1,
  code: 'OP-2025-07',
  note: 'Coal',
  departureAt: at('2025-03-01T06:00:00Z'),
  arrivalAt: at('2025-03-20T18:30:00Z'),
  distanceNm: 4_800,
  cargoUnit: 't',
  legs: [
    {
      id: 21,
      seq: 0,
      portFrom: 'Qingdao',
      portTo: 'Newcastle',
      departureAt: at('2025-03-01T06:00:00Z'),
      arrivalAt: at('2025-03-12T10:00:00Z'),
      distanceNm: 4_000,
      cargo: 0,
      cargoUnit: 't',
      condition: 'ballast',
      fuels: [],
      co2Tonnes: 0,
      transportWork: 0,
    },
    {
      id: 22,
      seq: 1,
      portFrom: 'Newcastle',
      portTo: 'Gladstone',
      departureAt: at('2025-03-14T08:00:00Z'),
      arrivalAt: at('2025-03-20T18:30:00Z'),
      distanceNm: 800,
      cargo: 78_500,
      cargoUnit: 't',
      condition: 'laden',
      fuels: [],
      co2Tonnes: 0,
      transportWork: 62_800_000,
    },
  ],
  fuels: [],
  co2Tonnes: 0,
  transportWork: 62_800_000,
  eeoi: null,
  rollingEeoi: null,
};

describe('voyage form values', () => {
  it('sends a stored voyage back as it came: ids kept (their fuel entries stay linked), the same instants', () => {
    const body = voyageBody(voyageValues(stored));
    expect(body).toEqual({
      code: 'OP-2025-07',
      note: 'Coal',
      legs: [
        {
          id: 21,
          portFrom: 'Qingdao',
          portTo: 'Newcastle',
          departureAt: at('2025-03-01T06:00:00Z'),
          arrivalAt: at('2025-03-12T10:00:00Z'),
          distanceNm: 4_000,
          cargo: 0,
          cargoUnit: 't',
          condition: 'ballast',
        },
        {
          id: 22,
          portFrom: 'Newcastle',
          portTo: 'Gladstone',
          departureAt: at('2025-03-14T08:00:00Z'),
          arrivalAt: at('2025-03-20T18:30:00Z'),
          distanceNm: 800,
          cargo: 78_500,
          cargoUnit: 't',
          condition: 'laden',
        },
      ],
    });
    expect(voyageBodySchema.safeParse(body).success).toBe(true);
  });

  it('appends a leg sailing on from the last port, at its arrival, in its cargo unit', () => {
    const last = { portTo: 'Gladstone', arrivalAt: dayjs(at('2025-03-20T18:30:00Z')), cargoUnit: 'teu' as const };
    const leg = nextLeg(last);
    expect(leg.portFrom).toBe('Gladstone');
    expect(leg.departureAt?.valueOf()).toBe(at('2025-03-20T18:30:00Z'));
    expect(leg.arrivalAt).toBeNull();
    expect(leg.cargoUnit).toBe('teu');
    expect(leg.condition).toBe('laden');
    expect(nextLeg()).toMatchObject({ portFrom: '', cargoUnit: 't', condition: 'laden' });
    // A ferry's new voyage starts counting passengers, as its last voyage did.
    expect(voyageValues(undefined, 'passengers').legs?.[0]?.cargoUnit).toBe('passengers');
  });

  it('leaves empty boxes out, so the contract names what is missing', () => {
    const body = voyageBody(voyageValues());
    expect(body.legs[0]).toEqual({
      portFrom: '',
      portTo: '',
      departureAt: undefined,
      arrivalAt: undefined,
      distanceNm: undefined,
      cargo: undefined,
      cargoUnit: 't',
      condition: 'laden',
    });
    const fields = voyageBodySchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['code', 'legs.0.portFrom', 'legs.0.departureAt', 'legs.0.arrivalAt', 'legs.0.distanceNm']));
  });

  it('places each issue path at a form field', () => {
    expect(issueField('legs.1.arrivalAt')).toBe('legs.1.arrivalAt');
    expect(issueField('legs.0.cargoUnit')).toBe('legs.0.cargoUnit');
    expect(issueField('code')).toBe('code');
    expect(issueField('legs')).toBe('legs');
    // A leg id the server no longer knows: shown on the leg's first box.
    expect(issueField('legs.2.id')).toBe('legs.2.portFrom');
    expect(issueField('legs.0.fuel')).toBeUndefined();
    expect(issueField('shipId')).toBeUndefined();
  });
});

describe('voyage messages', () => {
  const en = createI18n('en').t;
  const zh = createI18n('zh').t;
  const es = createI18n('es').t;

  it('words the contract’s voyage rules in the reader’s language', () => {
    expect(voyageMessageText(zh, 'Arrival must be after the departure')).toBe('抵港时间必须晚于离港时间');
    expect(voyageMessageText(es, 'Arrival must be after the departure')).toBe('La llegada debe ser posterior a la salida');
    expect(voyageMessageText(zh, 'Leg 3 departs before leg 2 arrives')).toBe('第 3 航段在第 2 航段抵港之前离港');
    expect(voyageMessageText(en, 'All legs of a voyage count cargo in one unit (leg 1: teu)')).toBe(
      'All legs of a voyage count cargo in one unit (leg 1: TEU)',
    );
    expect(voyageMessageText(zh, 'A ballast leg carries no cargo: set the cargo to 0 or mark the leg laden')).toBe(
      '压载航段不载货：请将载货量设为 0，或将该航段改为重载',
    );
    expect(voyageMessageText(es, 'A leg is at most 30000 nm')).toBe('Un tramo tiene como máximo 30000 mn');
    // The kit's rules and anything unknown: the kit's wording, or as sent.
    expect(voyageMessageText(zh, 'Please fill in this field')).toBe(zh('resources.validation.required'));
    expect(voyageMessageText(zh, 'Something new')).toBe('Something new');
  });
});
