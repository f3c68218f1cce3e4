import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPS_MENU, type ShipCiiAnswer, type ShipCiiYearsAnswer, type ShipVoyagesAnswer } from '@shared/ships/api';
import { createTestApp, type TestApp } from '@tests/support/testApp';
import { callAs, treeUser, type TreeUser } from '@tests/support/trees';

/**
 * The ships routes with figures worked by hand: a bulk carrier's 2025 CII from legs (one crossing New Year) and fuel
 * entries (tonnes, and litres × density), the EEOI of a voyage with a ballast leg and the running EEOI, fuel from a
 * flow meter's quarter hours, tree scoping and the validation messages. SQLite and PostgreSQL (server-pg).
 */
let t: TestApp;
let alpha: TreeUser;
let beta: TreeUser;
let shipId: number;
let legs: number[];
let feederId: number;

const MENUS = [SHIPS_MENU, `${SHIPS_MENU}/add`, `${SHIPS_MENU}/edit`, `${SHIPS_MENU}/delete`, '/base/device', '/base/device/add'];
const utc = (text: string) => Date.parse(text);

async function call(user: TreeUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const { status, body } = await callAs(t.app, user.token, method, url, payload);
  return { status, code: body.code as number, message: body.message as string, data: body.data };
}

const leg = (
  from: string,
  to: string,
  departure: string,
  arrival: string,
  distanceNm: number,
  cargo: number,
  condition: 'laden' | 'ballast',
  cargoUnit = 't',
) => ({
  portFrom: from,
  portTo: to,
  departureAt: departure,
  arrivalAt: arrival,
  distanceNm,
  cargo,
  cargoUnit,
  condition,
});

async function fuel(body: Record<string, unknown>) {
  const answer = await call(alpha, 'POST', '/api/ship-fuel-entries', { source: 'manual', ...body });
  expect(answer.message).toBe('Created');
  return answer;
}

beforeAll(async () => {
  t = await createTestApp({ timeZone: 'Asia/Shanghai', seedDemo: false });
  alpha = await treeUser(t.app, 'ship_alpha', MENUS);
  beta = await treeUser(t.app, 'ship_beta', MENUS);
  const ship = await call(alpha, 'POST', '/api/ships', { imoNumber: '9074729', name: 'Alpha Trader', shipType: 'bulk_carrier', dwt: 80_000, gt: 44_000 });
  expect(ship.code).toBe(0);
  shipId = ship.data.id;
  // Voyage 1: laden 3000 nm with 75,000 t, then back in ballast 3000 nm. Voyage 2: laden 4000 nm with 70,000 t over New Year.
  const first = await call(alpha, 'POST', `/api/ships/${shipId}/voyages`, {
    code: 'V1',
    legs: [
      leg('Port Hedland', 'Qingdao', '2025-03-01T00:00:00Z', '2025-03-11T00:00:00Z', 3000, 75_000, 'laden'),
      leg('Qingdao', 'Port Hedland', '2025-03-12T00:00:00Z', '2025-03-22T00:00:00Z', 3000, 0, 'ballast'),
    ],
  });
  expect(first.code).toBe(0);
  // 27 Dec 00:00 → 6 Jan 00:00 UTC: 5 of its 10 days fall in 2025.
  const second = await call(alpha, 'POST', `/api/ships/${shipId}/voyages`, {
    code: 'V2',
    legs: [leg('Tubarão', 'Rotterdam', '2025-12-27T08:00:00+08:00', '2026-01-06T00:00:00Z', 4000, 70_000, 'laden')],
  });
  expect(second.code).toBe(0);
  const listed = await call(alpha, 'GET', `/api/ships/${shipId}/voyages`);
  legs = (listed.data as ShipVoyagesAnswer).voyages.flatMap((voyage) => voyage.legs.map((item) => item.id));
  expect(legs).toHaveLength(3);
  await fuel({ shipId, legId: legs[0], fuel: 'hfo', entryDay: '2025-03-11', tonnes: 300 });
  await fuel({ shipId, legId: legs[1], fuel: 'hfo', entryDay: '2025-03-22', tonnes: 200 });
  await fuel({ shipId, legId: legs[2], fuel: 'hfo', entryDay: '2026-01-06', tonnes: 400 });
  // At berth, from a bunker delivery note in litres: 50,000 L × 850 kg/m³ = 42.5 t.
  await fuel({ shipId, fuel: 'diesel_gas_oil', entryDay: '2025-06-10', litres: 50_000, densityKgM3: 850, source: 'bdn', bdnNumber: 'BDN-2025-061' });
  await fuel({ shipId, fuel: 'diesel_gas_oil', entryDay: '2026-01-10', tonnes: 9 });
}, 60_000);

afterAll(async () => t?.close());

describe('CII of a year through GET /api/ships/:id/cii', () => {
  it('counts legs by their share of the year and entries by leg or day', async () => {
    const answer = await call(alpha, 'GET', `/api/ships/${shipId}/cii?year=2025`);
    expect(answer.code).toBe(0);
    const cii = answer.data as ShipCiiAnswer;
    expect(cii.yearToDate).toBe(false);
    expect(cii.window).toEqual({ from: utc('2025-01-01T00:00:00Z'), to: utc('2026-01-01T00:00:00Z') });
    // Distance: 3000 + 3000 + 4000 × 5/10 = 8000 nm (the third leg departs 27 Dec 00:00 UTC).
    expect(cii.legCount).toBe(3);
    expect(cii.distanceNm).toBeCloseTo(8000, 9);
    // HFO: 300 + 200 + 400 × 0.5 = 700 t; MDO 42.5 t (the 2026 entry of 9 t is not in 2025).
    expect(cii.fuels.map(({ fuel, tonnes }) => [fuel, tonnes])).toEqual([
      ['diesel_gas_oil', 42.5],
      ['hfo', 700],
    ]);
    expect(cii.fuelOrigins).toEqual({ legEntries: 700, dayEntries: 42.5, flowMeters: 0 });
    // CO2: 700 × 3.114 + 42.5 × 3.206 = 2179.8 + 136.255 = 2316.055 t.
    expect(cii.co2Tonnes).toBeCloseTo(2316.055, 9);
    // Attained: 2316.055e6 g / (80,000 DWT × 8000 nm) = 3.6188359375 g/(t·nm), with the actual DWT.
    expect(cii.capacityKind).toBe('dwt');
    expect(cii.capacity).toBe(80_000);
    expect(cii.attained).toBeCloseTo(3.6188359375, 12);
    // Required 2025: (1 − 9 %) × 4745 × 80,000^−0.622 = 3.8508414…; B/C boundary × 0.94 = 3.6197910 > attained → B.
    const required = 0.91 * 4745 * Math.pow(80_000, -0.622);
    expect(cii.z).toBe(9);
    expect(cii.required).toBeCloseTo(required, 12);
    expect(cii.boundaries.lower).toBeCloseTo(0.94 * required, 12);
    expect(cii.rating?.letter).toBe('B');
    expect(cii.rating?.ratio).toBeCloseTo(3.6188359375 / required, 12);
    expect(cii.sources.join(' ')).toMatch(/MEPC\.353\(78\).*MEPC\.338\(76\).*MEPC\.354\(78\)/);
  });

  it('lists 2023 to now with the projection from the latest attained year', async () => {
    const answer = await call(alpha, 'GET', `/api/ships/${shipId}/cii-years`);
    const years = answer.data as ShipCiiYearsAnswer;
    expect(years.years[0]?.year).toBe(2023);
    // No distance in 2023 and 2024: no attained figure, no letter.
    expect(years.years.slice(0, 2).map((year) => year.letter)).toEqual([null, null]);
    expect(years.years.find((year) => year.year === 2025)?.letter).toBe('B');
    expect(years.projection[0]?.year).toBe(years.projectedFrom);
    expect(years.projection.at(-1)?.year).toBe(2030);
  });

  it('refuses a year IMO has no reduction factor for', async () => {
    const answer = await call(alpha, 'GET', `/api/ships/${shipId}/cii?year=2031`);
    expect(answer.code).toBe(40000);
    expect(answer.message).toMatch(/^querystring\.year: Must be a year from 2023 to 2030/);
  });
});

describe('EEOI through GET /api/ships/:id/voyages', () => {
  it('adds the ballast leg’s fuel and no transport work, and runs the rolling figure', async () => {
    const answer = (await call(alpha, 'GET', `/api/ships/${shipId}/voyages`)).data as ShipVoyagesAnswer;
    const [first, second] = answer.voyages;
    // V1: (300 + 200) t × 3.114 = 1557 t CO2 over 75,000 t × 3000 nm = 225e6 t·nm → 1557e6 / 225e6 = 6.92.
    expect(first?.co2Tonnes).toBeCloseTo(1557, 9);
    expect(first?.transportWork).toBe(225_000_000);
    expect(first?.legs[1]?.transportWork).toBe(0);
    expect(first?.eeoi).toBeCloseTo(6.92, 12);
    expect(first?.rollingEeoi).toBeCloseTo(6.92, 12);
    // V2: 400 × 3.114 = 1245.6 t over 70,000 × 4000 = 280e6 → 4.4485714…; running: 2802.6e6 / 505e6 = 5.5497029…
    expect(second?.eeoi).toBeCloseTo(1245.6 / 280, 12);
    expect(second?.rollingEeoi).toBeCloseTo(2802.6 / 505, 12);
    expect(answer.rollingEeoi).toBeCloseTo(2802.6 / 505, 12);
    expect(answer.cargoUnit).toBe('t');
  });

  it('keeps a leg sent back with its id, and its fuel with it', async () => {
    const listed = (await call(alpha, 'GET', `/api/ships/${shipId}/voyages?year=2026`)).data as ShipVoyagesAnswer;
    const voyage = listed.voyages[0]!;
    expect(voyage.code).toBe('V2');
    const kept = voyage.legs[0]!;
    const saved = await call(alpha, 'PUT', `/api/ship-voyages/${voyage.id}`, {
      code: 'V2',
      note: 'renamed port',
      legs: [{ ...leg('Tubarão', 'Rotterdam Europoort', '2025-12-27T00:00:00Z', '2026-01-06T00:00:00Z', 4000, 70_000, 'laden'), id: kept.id }],
    });
    expect(saved.code).toBe(0);
    const after = (await call(alpha, 'GET', `/api/ships/${shipId}/voyages?year=2026`)).data as ShipVoyagesAnswer;
    expect(after.voyages[0]?.legs[0]?.portTo).toBe('Rotterdam Europoort');
    expect(after.voyages[0]?.co2Tonnes).toBeCloseTo(1245.6, 9);
  });
});

describe('fuel from a flow meter', () => {
  it('turns the counted litres over a leg and a year into tonnes', async () => {
    const ship = await call(alpha, 'POST', '/api/ships', { imoNumber: 'IMO 9176187', name: 'Alpha Feeder', shipType: 'container_ship', dwt: 20_000 });
    expect(ship.code).toBe(0);
    feederId = ship.data.id;
    const meter = await call(alpha, 'POST', '/api/meters', { code: 'FM-1', name: 'ME fuel flow', energyType: 'gas', unit: 'L' });
    expect(meter.code).toBe(0);
    const link = await call(alpha, 'POST', '/api/ship-fuel-meters', {
      shipId: feederId,
      meterId: meter.data.id,
      fuel: 'diesel_gas_oil',
      volumeUnit: 'l',
      densityKgM3: 850,
    });
    expect(link.code).toBe(0);
    // Four quarter hours of 1000 L from 2025-05-01 00:00 UTC.
    const start = utc('2025-05-01T00:00:00Z');
    await t.app.storage.db
      .insertInto('energy_intervals')
      .values([0, 1, 2, 3].map((quarter) => ({ meter_id: meter.data.id, start: start + quarter * 900_000, energy: 1000 })))
      .execute();
    // The leg 00:07:30 → 00:52:30 holds half of the first and last quarter: 500 + 1000 + 1000 + 500 = 3000 L.
    const voyage = await call(alpha, 'POST', `/api/ships/${feederId}/voyages`, {
      code: 'F1',
      legs: [leg('Ningbo', 'Shanghai', '2025-05-01T00:07:30Z', '2025-05-01T00:52:30Z', 10, 2000, 'laden', 'teu')],
    });
    expect(voyage.code).toBe(0);
    const voyages = (await call(alpha, 'GET', `/api/ships/${feederId}/voyages`)).data as ShipVoyagesAnswer;
    // 3 m³ × 850 kg/m³ = 2.55 t; × 3.206 = 8.1753 t CO2 over 2000 TEU × 10 nm → 8,175,300 g / 20,000 = 408.765 g/(TEU·nm).
    expect(voyages.voyages[0]?.fuels[0]?.tonnes).toBeCloseTo(2.55, 12);
    expect(voyages.voyages[0]?.eeoi).toBeCloseTo(408.765, 9);
    // The year counts all four quarters: 4 m³ × 850 = 3.4 t over 20,000 DWT × 10 nm → 3.4 × 3.206e6 / 200,000 = 54.502.
    const cii = (await call(alpha, 'GET', `/api/ships/${feederId}/cii?year=2025`)).data as ShipCiiAnswer;
    expect(cii.fuelOrigins.flowMeters).toBeCloseTo(3.4, 12);
    expect(cii.attained).toBeCloseTo(54.502, 9);
  });
});

describe('tenancy', () => {
  it('answers another tree’s ship and voyage as ones that do not exist', async () => {
    const cii = await call(beta, 'GET', `/api/ships/${shipId}/cii?year=2025`);
    expect(cii.status).toBe(404);
    expect(cii.message).toBe(`Ship ${shipId} was not found`);
    expect((await call(beta, 'GET', `/api/ships/${shipId}/voyages`)).message).toBe(`Ship ${shipId} was not found`);
    expect(
      (
        await call(beta, 'POST', `/api/ships/${shipId}/voyages`, {
          code: 'X',
          legs: [leg('A', 'B', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z', 1, 1, 'laden')],
        })
      ).status,
    ).toBe(404);
    const listed = (await call(alpha, 'GET', `/api/ships/${shipId}/voyages`)).data as ShipVoyagesAnswer;
    const voyageId = listed.voyages[0]!.id;
    expect((await call(beta, 'DELETE', `/api/ship-voyages/${voyageId}`)).message).toBe(`Voyage ${voyageId} was not found`);
    // A fuel entry of tree B cannot name tree A's ship.
    const entry = await call(beta, 'POST', '/api/ship-fuel-entries', { shipId, fuel: 'hfo', entryDay: '2025-01-01', tonnes: 1, source: 'manual' });
    expect(entry.message).toBe(`shipId: ${shipId} does not exist`);
  });

  it('lists only the caller’s ships in the fleet', async () => {
    const fleet = await call(alpha, 'GET', '/api/ships/fleet-cii?year=2025');
    expect(fleet.data.ships.map((ship: { name: string }) => ship.name)).toEqual(['Alpha Feeder', 'Alpha Trader']);
    expect(fleet.data.ships[1].letter).toBe('B');
    expect(fleet.data.ships[1].previous).toEqual([
      { year: 2023, letter: null },
      { year: 2024, letter: null },
    ]);
    expect((await call(beta, 'GET', '/api/ships/fleet-cii?year=2025')).data.ships).toEqual([]);
  });
});

describe('validation messages', () => {
  it('checks the IMO number’s check digit and the capacity the type divides by', async () => {
    const wrong = await call(alpha, 'POST', '/api/ships', { imoNumber: '9074728', name: 'Typo', shipType: 'tanker', dwt: 50_000 });
    expect(wrong.code).toBe(40000);
    expect(wrong.message).toBe('body.imoNumber: IMO number 9074728 fails its check digit');
    const short = await call(alpha, 'POST', '/api/ships', { imoNumber: '907472', name: 'Short', shipType: 'tanker', dwt: 50_000 });
    expect(short.message).toBe('body.imoNumber: IMO number must be 7 digits, e.g. 9074729');
    const noGt = await call(alpha, 'POST', '/api/ships', { imoNumber: '9321483', name: 'Ferry', shipType: 'roro_passenger_ship', dwt: 5000 });
    expect(noGt.message).toBe("body.gt: A roro passenger ship's CII divides by its gross tonnage (GT): enter it (above 0)");
  });

  it('checks a leg’s times and cargo', async () => {
    const backwards = await call(alpha, 'POST', `/api/ships/${shipId}/voyages`, {
      code: 'BAD',
      legs: [leg('A', 'B', '2025-02-02T00:00:00Z', '2025-02-01T00:00:00Z', 100, 1, 'laden')],
    });
    expect(backwards.message).toBe('body.legs.0.arrivalAt: Arrival must be after the departure');
    const noZone = await call(alpha, 'POST', `/api/ships/${shipId}/voyages`, {
      code: 'BAD',
      legs: [leg('A', 'B', '2025-02-01T00:00', '2025-02-02T00:00:00Z', 100, 1, 'laden')],
    });
    expect(noZone.message).toMatch(/^body\.legs\.0\.departureAt: Give a date-time with its zone/);
    const ballast = await call(alpha, 'POST', `/api/ships/${shipId}/voyages`, {
      code: 'BAD',
      legs: [leg('A', 'B', '2025-02-01T00:00:00Z', '2025-02-02T00:00:00Z', 100, 5, 'ballast')],
    });
    expect(ballast.message).toBe('body.legs.0.cargo: A ballast leg carries no cargo: set the cargo to 0 or mark the leg laden');
  });

  it('asks for tonnes, or litres with the density, and a leg of the same ship', async () => {
    const none = await call(alpha, 'POST', '/api/ship-fuel-entries', { shipId, fuel: 'hfo', entryDay: '2025-01-01', source: 'manual' });
    expect(none.message).toBe('body.tonnes: Enter the tonnes, or the litres and the density (kg/m³)');
    const litres = await call(alpha, 'POST', '/api/ship-fuel-entries', { shipId, fuel: 'hfo', entryDay: '2025-01-01', litres: 1000, source: 'manual' });
    expect(litres.message).toBe('body.densityKgM3: Enter the density (kg/m³) that turns the litres into tonnes');
    const both = await call(alpha, 'POST', '/api/ship-fuel-entries', {
      shipId,
      fuel: 'hfo',
      entryDay: '2025-01-01',
      tonnes: 1,
      litres: 1000,
      densityKgM3: 900,
      source: 'manual',
    });
    expect(both.message).toBe('body.litres: Enter the tonnes or the litres, not both');
    const otherLeg = await call(alpha, 'POST', '/api/ship-fuel-entries', {
      shipId: feederId,
      legId: legs[0],
      fuel: 'hfo',
      entryDay: '2025-01-01',
      tonnes: 1,
      source: 'manual',
    });
    expect(otherLeg.message).toBe(`legId: Leg ${legs[0]} is not a leg of this ship`);
  });
});
