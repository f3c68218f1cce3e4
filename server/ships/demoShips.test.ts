import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetCiiAnswer, ShipCiiYearsAnswer } from '@shared/ships/api';
import { bearer, createTestApp, loginAs, type TestApp } from '@tests/support/testApp';
import { createDemoShips, DEMO_SHIPS } from './demoShips';

/** The demo fleet: four ship types with different letters, and the bulk carrier falling from B to C in 2025 on the same operation. */
let t: TestApp;
let token: string;
const NOW = Date.UTC(2026, 10, 20, 12);

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return (response.json() as { data: T }).data;
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  token = await loginAs(t.app);
  const admin = await t.app.storage.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await createDemoShips(t.app.storage.db, admin.id, NOW);
}, 60_000);

afterAll(async () => t?.close());

describe('demo ships', () => {
  it('rates the fleet differently and drops the bulk carrier from B to C', async () => {
    const fleet = await get<FleetCiiAnswer>('/api/ships/fleet-cii?year=2025');
    expect(fleet.ships).toHaveLength(DEMO_SHIPS.length);
    const letters = Object.fromEntries(fleet.ships.map((ship) => [ship.name, [...ship.previous.map((p) => p.letter), ship.letter]]));
    expect(letters['Ocean Pioneer']).toEqual(['B', 'B', 'C']);
    expect(new Set(fleet.ships.map((ship) => ship.letter)).size).toBeGreaterThanOrEqual(3);
    const pioneer = fleet.ships.find((ship) => ship.name === 'Ocean Pioneer')!;
    const years = await get<ShipCiiYearsAnswer>(`/api/ships/${pioneer.shipId}/cii-years`);
    // The same operation each year: attained within 1 % from year to year.
    const [y2024, y2025] = [years.years[1]!, years.years[2]!];
    expect(Math.abs(y2025.attained! / y2024.attained! - 1)).toBeLessThan(0.01);
  });
});
