// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import type { FleetCiiAnswer, ShipCiiAnswer, ShipCiiYearsAnswer } from '@shared/ships/api';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// echarts draws on a canvas, which jsdom lacks: the panel's part is to place the chart.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel?: string }) => <div data-testid="echart" aria-label={ariaLabel} />,
}));

// The lazy screen's first paint is slow on a busy machine.
const FIRST_PAINT = { timeout: 30_000 };
const PATH = '/energy-efficiency-management/ship-energy-consumption';
const admin = {
  _id: 1,
  username: 'admin',
  trueName: 'Admin',
  email: 'admin@energy.local',
  avatar: '',
  introduction: '',
  father: null,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
} as UserInfo;

/**
 * A canned contract answer, consistent with the library's rules: a bulk carrier whose 2025 required CII is 4.00; the
 * G4 bulk-carrier factors exp(d1..d4) = 0.86, 0.94, 1.06, 1.18 give 3.44, 3.76, 4.24, 4.72; attained 3.80 sits in
 * [3.76, 4.24): C, ratio 3.80 / 4.00 = 95 %. Carried forward, required scales by (1 − Z)/(1 − 0.09): 2029 is
 * 4.00 × 0.81125 / 0.91 = 3.5659, upper = 1.06 × 3.5659 = 3.7799 ≤ 3.80, so D: the rating drops in 2029.
 */
const bounds = (required: number) => ({ superior: 0.86 * required, lower: 0.94 * required, upper: 1.06 * required, inferior: 1.18 * required });
const required = (year: number) =>
  (4 * (1 - { 2023: 0.05, 2024: 0.07, 2025: 0.09, 2026: 0.11, 2027: 0.13625, 2028: 0.1625, 2029: 0.18875, 2030: 0.215 }[year]!)) / 0.91;
const cii = (yearToDate: boolean): ShipCiiAnswer => ({
  shipId: 1,
  year: yearToDate ? 2026 : 2025,
  yearToDate,
  window: { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) },
  shipType: 'bulk_carrier',
  capacityKind: 'dwt',
  capacity: 82_000,
  legCount: 21,
  distanceNm: 75_600,
  fuels: [{ fuel: 'hfo', tonnes: 6_983.3, co2Tonnes: 21_745.98 }],
  fuelOrigins: { legEntries: 6_983.3, dayEntries: 0, flowMeters: 0 },
  co2Tonnes: 21_745.98,
  attained: 3.8,
  required: 4,
  reference: { a: 4745, c: 0.622, capacity: 82_000, value: 4 / 0.91 },
  z: 9,
  boundaries: bounds(4),
  rating: { letter: 'C', ratio: 0.95 },
  sources: [
    'MEPC.353(78) (CII reference lines guidelines, G2), Table 1',
    'MEPC.338(76) (CII reduction factors guidelines, G3), Table 1',
    'MEPC.354(78) (CII rating guidelines, G4), Table 1',
    'MEPC.364(79) (2022 EEDI guidelines) table of Cf; MEPC.1/Circ.684 (EEOI)',
  ],
});
const years = (yearToDate: boolean): ShipCiiYearsAnswer => {
  const from = yearToDate ? 2026 : 2025;
  return {
    shipId: 1,
    years: [2023, 2024, 2025, ...(yearToDate ? [2026] : [])].map((year) => ({
      year,
      yearToDate: year === 2026,
      distanceNm: 75_600,
      co2Tonnes: 21_745.98,
      attained: 3.8,
      required: required(year),
      boundaries: bounds(required(year)),
      letter: year < 2025 ? 'B' : 'C',
    })),
    projectedFrom: from,
    projection: [2026, 2027, 2028, 2029, 2030]
      .filter((year) => year >= from)
      .map((year) => ({ year, required: required(year), boundaries: bounds(required(year)), letter: year >= 2029 ? 'D' : 'C' })),
    dropYear: 2029,
  };
};
const fleet: FleetCiiAnswer = {
  year: 2026,
  yearToDate: true,
  ships: [
    {
      shipId: 1,
      name: 'Ocean Pioneer',
      imoNumber: '9074729',
      shipType: 'bulk_carrier',
      attained: 3.8,
      required: 4,
      letter: 'C',
      previous: [
        { year: 2023, letter: 'B' },
        { year: 2024, letter: 'B' },
        { year: 2025, letter: 'C' },
      ],
    },
  ],
  counts: { A: 0, B: 0, C: 1, D: 0, E: 0 },
};

describe(PATH, { timeout: 60_000 }, () => {
  afterEach(cleanup);

  const serve = (yearToDate: boolean) => (route: string) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /ships/fleet-cii') return envelope(fleet);
    if (route === 'GET /ships/1/cii') return envelope(cii(yearToDate));
    if (route === 'GET /ships/1/cii-years') return envelope(years(yearToDate));
    return undefined;
  };

  it('lists the fleet with its letters and opens a ship’s rating: letter, figures, boundaries, sources and the drop year', async () => {
    renderConsole({ path: PATH, token: 'jwt', server: serve(false) as (route: string, body: unknown) => ReturnType<typeof envelope> });
    const row = await screen.findByTestId('fleet-row-1', {}, FIRST_PAINT);
    expect(within(row).getByTestId('fleet-letter-1').textContent).toBe('C');
    expect(within(row).getByTestId('fleet-attained-1').textContent).toContain('3.80 / 4.00');
    expect(within(row).getByTestId('fleet-attained-1').textContent).toContain('95.0 %');

    fireEvent.click(screen.getByTestId('fleet-open-1'));
    await waitFor(() => expect(screen.getByTestId('rating-letter').textContent).toBe('C'));
    expect(screen.getByTestId('rating-attained').textContent).toBe('3.80g CO₂ / (DWT · nm)');
    expect(screen.getByTestId('rating-required').textContent).toBe('4.00g CO₂ / (DWT · nm)');
    expect(screen.getByTestId('rating-ratio').textContent).toBe('95.0 %');
    expect(screen.getByTestId('rating-z').textContent).toBe('9 %');
    // 0.86 × 4 = 3.44, 0.94 × 4 = 3.76, 1.06 × 4 = 4.24, 1.18 × 4 = 4.72
    expect(screen.getByTestId('boundary-superior').textContent).toBe('Superior (A | B)3.44');
    expect(screen.getByTestId('boundary-lower').textContent).toBe('Lower (B | C)3.76');
    expect(screen.getByTestId('boundary-upper').textContent).toBe('Upper (C | D)4.24');
    expect(screen.getByTestId('boundary-inferior').textContent).toBe('Inferior (D | E)4.72');
    const sources = screen.getByTestId('rating-sources').textContent ?? '';
    // The answer leaves out the capacity rule; the screen names it first.
    for (const resolution of [
      'Capacity DWT or GT: MEPC.352(78) (CII guidelines G1), section 2.3',
      'Reference line (G2): MEPC.353(78)',
      'Reduction factor Z (G3): MEPC.338(76)',
      'Rating boundaries (G4): MEPC.354(78)',
      'MEPC.364(79)',
    ])
      expect(sources).toContain(resolution);
    await waitFor(() =>
      expect(screen.getByTestId('rating-drop').textContent).toBe(
        'At the current intensity (3.80 g CO₂ / (DWT · nm), 2025), the rating drops from C to D in 2029.',
      ),
    );
    expect(screen.getByTestId('echart').getAttribute('aria-label')).toContain('A to E bands');
    expect(screen.queryByTestId('rating-ytd')).toBeNull();
  });

  it('names the fields its fuel entries search box matches (BDN number or note), not a fixed "code or name"', async () => {
    renderConsole({ path: PATH, token: 'jwt', server: serve(false) as (route: string, body: unknown) => ReturnType<typeof envelope> });
    fireEvent.click(await screen.findByTestId('fleet-open-1', {}, FIRST_PAINT));
    fireEvent.click(await screen.findByRole('tab', { name: 'Fuel entries' }));
    const search = (await screen.findByTestId('fuel-search')).querySelector('input');
    expect(search?.getAttribute('placeholder')).toBe('BDN number or Note');
  });

  it('labels the current year’s figures as year to date, in the sentence too', async () => {
    renderConsole({ path: PATH, token: 'jwt', server: serve(true) as (route: string, body: unknown) => ReturnType<typeof envelope> });
    fireEvent.click(await screen.findByTestId('fleet-open-1', {}, FIRST_PAINT));
    await screen.findByTestId('rating-ytd');
    expect(screen.getByTestId('rating-ytd-note').textContent).toContain('Year to date: figures from 1 January 2026 00:00 UTC to now');
    await waitFor(() =>
      expect(screen.getByTestId('rating-drop').textContent).toContain('(3.80 g CO₂ / (DWT · nm), 2026 year to date), the rating drops from C to D in 2029.'),
    );
  });
});
