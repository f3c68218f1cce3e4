// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RollupResult } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import type { FakeReply } from '@shared/api/fakeAdapter.test-util';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// jsdom has no canvas: the chart shows the names of its series instead.
vi.mock('../../charts/EChart', () => ({
  EChart: ({ option }: { option: { series: { name: string }[] } }) => (
    <ol data-testid="echart">
      {option.series.map((series) => (
        <li key={series.name}>{series.name}</li>
      ))}
    </ol>
  ),
}));

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
const rollup: RollupResult = {
  scope: 'department',
  energyType: 'electricity',
  grain: 'day',
  unit: 'kWh',
  periods: ['2026-11-20'],
  series: [
    { scopeId: 1, name: 'Main Plant', total: 120, points: [{ period: '2026-11-20', energy: 120 }] },
    { scopeId: 3, name: 'Office Building', total: 40, points: [{ period: '2026-11-20', energy: 40 }] },
  ],
};

function renderQueryChart(departments: { id: number; name: string; parentId: number | null }[]) {
  const answers: Record<string, () => FakeReply> = {
    'GET /meters/options': () => envelope([{ id: 9, name: 'M001 Plant incomer' }]),
    'GET /departments/options': () => envelope(departments),
    'GET /energy/rollups': () => envelope(rollup),
  };
  return renderConsole({ path: '/board/queryChart', token: 'jwt', server: (route) => answers[route]?.() ?? envelope(admin) });
}

const FIRST_RENDER = { timeout: 15_000 };

describe('QueryChartPage on opening', { timeout: 40_000 }, () => {
  afterEach(cleanup);

  it('charts the top-level departments at once', async () => {
    const { requests } = renderQueryChart([
      { id: 1, name: 'Main Plant', parentId: null },
      { id: 2, name: 'Production Hall A', parentId: 1 },
      { id: 3, name: 'Office Building', parentId: null },
    ]);
    expect((await screen.findByTestId('echart', {}, FIRST_RENDER)).textContent).toBe('Main PlantOffice Building');
    expect(requests.filter((route) => route === 'GET /energy/rollups')).toHaveLength(1);
  });

  it('keeps asking for a choice when there are no departments', async () => {
    const { requests } = renderQueryChart([]);
    expect((await screen.findByTestId('query-empty', {}, FIRST_RENDER)).textContent).toBe('Choose meters or departments and a range, then press Query.');
    expect(requests).toContain('GET /departments/options');
    expect(requests).not.toContain('GET /energy/rollups');
  });
});
