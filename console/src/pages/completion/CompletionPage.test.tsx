// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionPreview, DataCompletion, DataGap } from '@shared/schemas/completion';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

/** The first screen of a run loads the layout and the lazy page: on a busy machine that can take more than 5 s. */
const FIRST_PAINT = { timeout: 15_000 };
const Q = 15 * 60_000;

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
const viewer: UserInfo = { ...admin, _id: 9, username: 'viewer', father: 1, roles: [{ _id: 4, name: 'role_viewer' }], type: 1 };

const T0 = new Date(2026, 10, 10, 8, 0, 0).getTime();
const gap: DataGap = {
  meterId: 11,
  meterCode: 'M011',
  meterName: 'Line 1 press',
  unit: 'kWh',
  from: T0,
  to: T0 + 4 * Q,
  readingFrom: T0,
  readingTo: T0 + 4 * Q,
  intervals: 4,
  energy: 200,
  open: false,
};
const completion: DataCompletion = {
  _id: 7,
  meter: { id: 11, code: 'M011', name: 'Line 1 press', unit: 'kWh' },
  from: T0,
  to: T0 + 4 * Q,
  method: 'manual',
  intervals: [0, 1, 2, 3].map((i) => ({ start: T0 + i * Q, before: 50, after: 2.5 })),
  energyBefore: 200,
  energyAfter: 10,
  state: 'active',
  note: '',
  createdBy: 'admin',
  createdAt: T0 + 86_400_000,
  undoneBy: null,
  undoneAt: null,
  replacedAt: null,
};

function fakeServer(user: UserInfo) {
  const sent: { route: string; body: unknown }[] = [];
  let history: DataCompletion[] = [];
  const server = (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /meters/options') return envelope([{ id: 11, name: 'M011 Line 1 press' }]);
    if (route === 'GET /data-gaps') return envelope(history.some((c) => c.state === 'active') ? [{ ...gap, energy: 10, completedBy: 7 }] : [gap]);
    if (route === 'POST /data-completions/preview') {
      const preview: CompletionPreview = {
        meterId: 11,
        from: T0,
        to: T0 + 4 * Q,
        method: (body as { method: 'linear' }).method,
        basis: '',
        intervals: [],
        energyBefore: 200,
        energyAfter: 200,
      };
      return envelope(preview);
    }
    if (route === 'POST /data-completions') {
      sent.push({ route, body });
      history = [completion];
      return envelope(completion);
    }
    if (route === 'GET /data-completions') return envelope({ total: history.length, rows: history });
    if (route === 'DELETE /data-completions/7') {
      sent.push({ route, body });
      history = [{ ...completion, state: 'undone', undoneBy: 'admin', undoneAt: T0 + 2 * 86_400_000 }];
      return envelope(history[0]);
    }
    return undefined;
  };
  return { server: server as (route: string, body: unknown) => ReturnType<typeof envelope>, sent };
}

describe('/settings/completionHistory', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('completes a gap with manual values (preview 200 → 10 kWh), then undoes it from the history', async () => {
    const { server, sent } = fakeServer(admin);
    renderConsole({ path: '/settings/completionHistory', token: 'jwt', server });
    const table = await screen.findByTestId('gaps-table', {}, FIRST_PAINT);
    await within(table).findByText('M011');
    expect(table.textContent).toContain('200.000 kWh');
    expect(table.textContent).toContain('Not completed');

    fireEvent.click(screen.getByTestId(`gap-complete-11-${T0}`));
    await waitFor(() => expect(screen.getByTestId('complete-preview').textContent).toContain('200.000 kWh'));
    fireEvent.click(await screen.findByText('Manual values'));
    const fill = await screen.findByTestId('complete-fill');
    fireEvent.change(fill, { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('complete-fill-apply'));
    await waitFor(() => expect(screen.getByTestId('complete-after').textContent).toBe('10.000 kWh'));
    fireEvent.change(screen.getByTestId('complete-note'), { target: { value: 'gateway swap' } });
    fireEvent.click(screen.getByTestId('complete-ok'));
    expect(await screen.findByText('M011: 4 quarters completed')).toBeTruthy();
    expect(sent[0]).toEqual({
      route: 'POST /data-completions',
      body: { meterId: 11, from: T0, to: T0 + 4 * Q, method: 'manual', note: 'gateway swap', values: [2.5, 2.5, 2.5, 2.5] },
    });
    expect(await within(screen.getByTestId('gaps-table')).findByText('Completed (#7)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('completion-tab-history'));
    const change = await screen.findByTestId('completion-change-7');
    expect(change.textContent).toBe('200.000 kWh → 10.000 kWh');
    expect(screen.getByTestId('completion-state-7').textContent).toBe('Active');
    fireEvent.click(screen.getByTestId('completion-undo-7'));
    fireEvent.click(await screen.findByTestId('completion-undo-7-confirm'));
    expect(await screen.findByText('Completion of M011 undone')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('completion-state-7').textContent).toBe('Undone'));
    expect(sent.map((s) => s.route)).toEqual(['POST /data-completions', 'DELETE /data-completions/7']);
  });

  it('offers no Complete… to a role without /settings/completionHistory/add', async () => {
    const { server } = fakeServer(viewer);
    renderConsole({ path: '/settings/completionHistory', token: 'jwt', server, routers: ['/settings', '/settings/completionHistory'] });
    const table = await screen.findByTestId('gaps-table', {}, FIRST_PAINT);
    await within(table).findByText('M011');
    expect(screen.queryByTestId(`gap-complete-11-${T0}`)).toBeNull();
  });
});
