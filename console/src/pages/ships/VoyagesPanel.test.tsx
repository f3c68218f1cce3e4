// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import type { FleetCiiAnswer, ShipVoyagesAnswer } from '@shared/ships/api';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// The lazy screen's first paint is slow on a busy machine.
const FIRST_PAINT = { timeout: 30_000 };
const PATH = '/energy-efficiency-management/ship-energy-consumption';
const owner = {
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
const viewer: UserInfo = { ...owner, _id: 9, username: 'viewer', father: 1, roles: [{ _id: 4, name: 'role_viewer' }], type: 1 };

const fleet: FleetCiiAnswer = {
  year: 2026,
  yearToDate: true,
  ships: [{ shipId: 1, name: 'Ocean Pioneer', imoNumber: '9074729', shipType: 'bulk_carrier', attained: 3.8, required: 4, letter: 'C', previous: [] }],
  counts: { A: 0, B: 0, C: 1, D: 0, E: 0 },
};
const at = (iso: string) => Date.parse(iso);
const voyages: ShipVoyagesAnswer = {
  shipId: 1,
  cargoUnit: 't',
  rollingEeoi: 4.5,
  voyages: [
    {
      id: 7,
      shipId: 1,
      code: 'OP-2026-01',
      note: '',
      departureAt: at('2026-01-03T00:00:00Z'),
      arrivalAt: at('2026-01-15T00:00:00Z'),
      distanceNm: 4_000,
      cargoUnit: 't',
      legs: [
        {
          id: 21,
          seq: 0,
          portFrom: 'Qingdao',
          portTo: 'Newcastle',
          departureAt: at('2026-01-03T00:00:00Z'),
          arrivalAt: at('2026-01-15T00:00:00Z'),
          distanceNm: 4_000,
          cargo: 78_500,
          cargoUnit: 't',
          condition: 'laden',
          fuels: [],
          co2Tonnes: 0,
          transportWork: 314_000_000,
        },
      ],
      fuels: [],
      co2Tonnes: 0,
      transportWork: 314_000_000,
      eeoi: 4.5,
      rollingEeoi: 4.5,
    },
  ],
};

describe(`${PATH} voyages`, { timeout: 60_000 }, () => {
  afterEach(cleanup);

  function serve(user: UserInfo) {
    const sent: string[] = [];
    const server = (route: string) => {
      sent.push(route);
      if (route === 'GET /users/info') return envelope(user);
      if (route === 'GET /ships/fleet-cii') return envelope(fleet);
      if (route === 'GET /ships/1/voyages') return envelope(voyages);
      if (route === 'DELETE /ship-voyages/7') return envelope(null, 0, 'Deleted');
      return undefined;
    };
    return { sent, server: server as (route: string, body: unknown) => ReturnType<typeof envelope> };
  }

  async function openVoyages() {
    fireEvent.click(await screen.findByTestId('fleet-open-1', {}, FIRST_PAINT));
    fireEvent.click(await screen.findByText('Voyages and EEOI'));
    await screen.findByTestId('voyage-row-7');
  }

  it('shows no new, edit or delete without the screen’s add, edit and delete buttons', async () => {
    const { server } = serve(viewer);
    renderConsole({ path: PATH, token: 'jwt', server, routers: ['/energy-efficiency-management', PATH] });
    await openVoyages();
    expect(screen.queryByTestId('voyage-add')).toBeNull();
    expect(screen.queryByTestId('voyage-edit-7')).toBeNull();
    expect(screen.queryByTestId('voyage-delete-7')).toBeNull();
  });

  it('opens the dialog from New voyage, and deletes after the confirm: the voyages and the fleet’s letters load again', async () => {
    const { sent, server } = serve(viewer);
    renderConsole({
      path: PATH,
      token: 'jwt',
      server,
      routers: ['/energy-efficiency-management', PATH, `${PATH}/add`, `${PATH}/edit`, `${PATH}/delete`],
    });
    await openVoyages();
    fireEvent.click(screen.getByTestId('voyage-add'));
    expect(await screen.findByTestId('voyage-dialog')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));

    const before = {
      voyages: sent.filter((route) => route === 'GET /ships/1/voyages').length,
      fleet: sent.filter((route) => route === 'GET /ships/fleet-cii').length,
    };
    fireEvent.click(screen.getByTestId('voyage-delete-7'));
    fireEvent.click(await screen.findByTestId('voyage-delete-7-confirm'));
    await waitFor(() => expect(sent).toContain('DELETE /ship-voyages/7'));
    await waitFor(() => expect(sent.filter((route) => route === 'GET /ships/1/voyages').length).toBe(before.voyages + 1));
    await waitFor(() => expect(sent.filter((route) => route === 'GET /ships/fleet-cii').length).toBe(before.fleet + 1));
    expect(await screen.findByText('Voyage OP-2026-01 deleted')).toBeTruthy();
  });
});
