// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tariff, TariffAssignment, TariffVersion } from '@shared/schemas/tariffs';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const FIRST_PAINT = { timeout: 15_000 };
const admin: UserInfo = {
  _id: 1,
  username: 'admin',
  trueName: 'Ada Admin',
  email: 'a@b.c',
  avatar: '',
  introduction: '',
  father: 0,
  roles: [{ _id: 1, name: 'admin' }],
  status: true,
  type: 0,
};

const version: TariffVersion = {
  id: 31,
  tariffId: 3,
  tariffName: 'Grid TOU 2026',
  energyType: 'electricity',
  currency: 'CNY',
  validFrom: '2026-01-01',
  validTo: null,
  note: 'Provincial notice 2025-12',
  definition: {
    prices: { peak: '1.0', valley: '0.4' },
    seasons: [
      {
        name: 'All year',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        layouts: {
          workday: [
            { from: '00:00', to: '08:00', band: 'valley' },
            { from: '08:00', to: '24:00', band: 'peak' },
          ],
        },
      },
    ],
    tiers: [],
  },
  createdBy: 1,
  createdAt: 1,
  warnings: [{ path: 'prices.peak', message: 'The peak:valley price ratio is 2.50:1, under the 3:1 national guidance' }],
};

const tariff: Tariff = {
  id: 3,
  name: 'Grid TOU 2026',
  energyType: 'electricity',
  currency: 'CNY',
  note: '',
  createdAt: 1,
  updatedAt: 1,
  versions: [
    { id: 31, validFrom: '2026-01-01', validTo: null, note: 'Provincial notice 2025-12', seasons: ['All year'], bands: ['peak', 'valley'], createdAt: 1 },
  ],
  currentVersionId: 31,
  assignmentCount: 1,
};

const plantAssignment: TariffAssignment = {
  id: 7,
  tariffId: 3,
  tariffName: 'Grid TOU 2026',
  target: 'department',
  targetId: 1,
  targetName: 'Plant',
  energyType: 'electricity',
  createdAt: 1,
};

const reader: UserInfo = { ...admin, _id: 7, username: 'reader', roles: [{ _id: 3, name: 'operator' }], type: 1 };

function tariffServer(sent: string[] = [], user: UserInfo = admin) {
  let assignments = [plantAssignment];
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /tariffs') return envelope({ items: [tariff] });
    if (route === 'GET /tariff-versions/31') return envelope(version);
    if (route === 'GET /tariff-assignments') return envelope({ items: assignments });
    if (route === 'GET /departments/tree')
      return envelope([
        { id: 1, name: 'Plant', code: 'P', parentId: null, level: 1, sort: 0, meterCount: 0 },
        { id: 2, name: 'Hall A', code: 'HA', parentId: 1, level: 2, sort: 0, meterCount: 1 },
      ]);
    if (route === 'GET /recompute-jobs')
      return envelope([
        {
          id: 8,
          reason: 'tariff-version',
          detail: { tariffId: 3, versionId: 31 },
          meterCount: 4,
          fromDay: '2026-11-01',
          toDay: '2026-11-26',
          state: 'done',
          done: 4,
          total: 4,
          error: null,
          createdBy: 1,
          createdAt: 1,
          startedAt: 2,
          finishedAt: 3,
        },
      ]);
    if (route === 'GET /meters')
      return envelope({ total: 1, rows: [{ id: 11, code: 'M011', name: 'Press line', energyType: 'electricity', departmentId: 2 }] });
    if (route === 'POST /tariff-assignments') {
      sent.push(JSON.stringify(body));
      const created = { ...plantAssignment, id: 8, target: 'meter' as const, targetId: 11, targetName: 'Press line' };
      assignments = [...assignments, created];
      return envelope(created);
    }
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('/devices/peakvalley', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('lists the tariffs and opens a tariff’s versions with their warnings count', async () => {
    renderConsole({ path: '/devices/peakvalley', token: 'jwt', server: tariffServer() });
    const row = await screen.findByTestId('tariff-row-3', {}, FIRST_PAINT);
    expect(within(row).getByText('Grid TOU 2026')).toBeTruthy();
    expect(within(row).getByText('Electricity')).toBeTruthy();
    expect(within(row).getByText('1 version')).toBeTruthy();
    expect(within(row).getByText('1 target')).toBeTruthy();
    expect(row.textContent).toContain('2026-01-01 –');
    expect(row.textContent).toContain('open-ended');
    fireEvent.click(within(row).getByTestId('tariff-versions-3'));
    const versionRow = await screen.findByTestId('version-row-31');
    await waitFor(() => expect(within(versionRow).getByTestId('version-warnings-31').textContent).toBe('1 warning'));
    expect(versionRow.textContent).toContain('In force');
    fireEvent.click(within(versionRow).getByTestId('version-edit-31'));
    const editor = await screen.findByTestId('version-editor');
    expect(within(editor).getByTestId('version-warnings').textContent).toContain('2.50:1');
    expect(within(editor).getAllByTestId('layout-0-workday-bar-segment')).toHaveLength(2);
  });

  it('shows what a meter inherits from the tree and gives it its own tariff', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/devices/peakvalley', token: 'jwt', server: tariffServer(sent) });
    await screen.findByTestId('tariff-row-3', {}, FIRST_PAINT);
    fireEvent.click(screen.getByTestId('tariffs-tab-assignments'));
    // Plant (first in the tree) holds its own electricity tariff.
    await waitFor(() => expect(screen.getByTestId('assign-source-department-1-electricity').textContent).toContain('Own'));
    expect(screen.getByTestId('assign-source-department-1-water').textContent).toBe('Unpriced');
    fireEvent.click(within(screen.getByTestId('assign-tree')).getByText('Hall A'));
    await waitFor(() => expect(screen.getByTestId('assign-source-department-2-electricity').textContent).toBe('Grid TOU 2026 From Plant'));
    const meterRow = await screen.findByTestId('assign-meter-row-11');
    expect(within(meterRow).getByTestId('assign-source-meter-11').textContent).toBe('Grid TOU 2026 From Plant');
    const select = within(meterRow).getByTestId('assign-meter-11-electricity');
    fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Grid TOU 2026'));
    await waitFor(() => expect(sent).toEqual([JSON.stringify({ tariffId: 3, target: 'meter', targetId: 11 })]));
    await waitFor(() => expect(within(screen.getByTestId('assign-meter-row-11')).getByTestId('assign-source-meter-11').textContent).toBe('Grid TOU 2026 Own'));
  });

  it('shows the recompute jobs with their progress on the third tab', async () => {
    renderConsole({ path: '/devices/peakvalley', token: 'jwt', server: tariffServer() });
    await screen.findByTestId('tariff-row-3', {}, FIRST_PAINT);
    fireEvent.click(screen.getByTestId('tariffs-tab-jobs'));
    expect(await screen.findByTestId('recompute-progress-8')).toBeTruthy();
    expect(screen.getByTestId('recompute-state-8')).toBeTruthy();
  });

  it('gives a reader without the buttons the versions to view, and no way to change them', async () => {
    renderConsole({ path: '/devices/peakvalley', token: 'jwt', server: tariffServer([], reader), routers: ['/devices', '/devices/peakvalley'] });
    const row = await screen.findByTestId('tariff-row-3', {}, FIRST_PAINT);
    expect(screen.queryByTestId('tariff-add')).toBeNull();
    expect(within(row).queryByTestId('tariff-edit-3')).toBeNull();
    expect(within(row).queryByTestId('tariff-delete-3')).toBeNull();
    fireEvent.click(within(row).getByTestId('tariff-versions-3'));
    const versionRow = await screen.findByTestId('version-row-31');
    expect(screen.queryByTestId('version-add')).toBeNull();
    expect(within(versionRow).queryByTestId('version-edit-31')).toBeNull();
    fireEvent.click(await within(versionRow).findByTestId('version-view-31'));
    await screen.findByTestId('version-editor');
    expect(screen.getAllByTestId('layout-0-workday-bar-segment')).toHaveLength(2);
    expect(screen.queryByTestId('version-save')).toBeNull();
  });
});
