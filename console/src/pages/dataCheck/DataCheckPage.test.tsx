// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, QuarantineItem, RejectedReadingRow } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

/** The first screen of a run loads the layout and the lazy page: on a busy machine that can take more than 5 s. */
const FIRST_PAINT = { timeout: 15_000 };

const admin: UserInfo = {
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
const watcher: UserInfo = {
  _id: 9,
  username: 'watcher1',
  trueName: 'Walt',
  email: 'w@example.com',
  avatar: '',
  introduction: '',
  father: 1,
  roles: [{ _id: 4, name: 'role_watcher1' }],
  status: true,
  type: 1,
};

const T0 = new Date(2026, 0, 5, 8, 0, 0).getTime();
const pending: QuarantineItem = {
  _id: 5,
  meter: { id: 11, code: 'M011', name: 'Line 1 press', energyType: 'electricity', unit: 'kWh' },
  fromTs: T0,
  toTs: T0 + 15 * 60_000,
  energy: 1000,
  limitEnergy: 240,
  rawFrom: 1000,
  rawTo: 2000,
  status: 'pending',
  correctedEnergy: null,
  note: '',
  resolvedBy: null,
  resolvedAt: null,
  createdAt: T0 + 15 * 60_000,
};
const corrected: QuarantineItem = {
  ...pending,
  status: 'corrected',
  correctedEnergy: 180,
  note: 'CT ratio was wrong',
  resolvedBy: 'admin',
  resolvedAt: T0 + 3_600_000,
};
const audit: AuditEntry[] = [
  {
    _id: 1,
    at: T0 + 3_600_000,
    user: 'admin',
    action: 'corrected',
    entity: 'quarantine',
    entityId: 5,
    detail: { meter: 'M011', claimed: 1000, counted: 180, note: 'CT ratio was wrong' },
  },
];
const rejection: RejectedReadingRow = { _id: 3, at: T0, source: 'http', gatewaySn: null, meterCode: 'NOPE', reason: 'unknown meter "NOPE"' };

function fakeServer(user: UserInfo) {
  const resolved: unknown[] = [];
  let rows: QuarantineItem[] = [pending];
  const server = (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /quarantine') return envelope({ total: rows.length, rows });
    if (route === 'POST /quarantine/5/resolve') {
      resolved.push(body);
      rows = [];
      return envelope(corrected);
    }
    if (route === 'GET /audit-log') return envelope(audit);
    if (route === 'GET /ingest/rejections') return envelope({ total: 1, rows: [rejection] });
    if (route === 'GET /meters/options') return envelope([{ id: 11, name: 'M011 Line 1 press' }]);
    return undefined;
  };
  return { server: server as (route: string, body: unknown) => ReturnType<typeof envelope>, resolved };
}

describe('/base/check', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists a pending step with the claimed energy against the limit, and corrects it', async () => {
    const { server, resolved } = fakeServer(admin);
    const { requests } = renderConsole({ path: '/base/check', token: 'jwt', server });
    const energy = await screen.findByTestId('quarantine-energy-5', {}, FIRST_PAINT);
    expect(energy.textContent).toBe('1,000 kWh ×4.2rating allows 240 kWh');
    const row = energy.closest('tr')!;
    expect(row.textContent).toContain('M011');
    expect(row.textContent).toContain('Line 1 press');
    expect(row.textContent).toContain('1,000 → 2,000');
    expect(row.textContent).toContain('Pending');

    fireEvent.click(screen.getByTestId('quarantine-correct-5'));
    const input = await screen.findByTestId('resolve-energy');
    fireEvent.blur(input);
    expect(await screen.findByText('Please enter the corrected energy')).toBeTruthy();
    fireEvent.change(input, { target: { value: '180' } });
    fireEvent.change(screen.getByTestId('resolve-note'), { target: { value: 'CT ratio was wrong' } });
    fireEvent.click(screen.getByTestId('resolve-ok'));
    expect(await screen.findByText('M011 corrected: 180 kWh counts')).toBeTruthy();
    expect(resolved).toEqual([{ action: 'correct', energy: 180, note: 'CT ratio was wrong' }]);
    // The list is asked again after the decision; the step has left the pending list.
    await waitFor(() => expect(requests.filter((r) => r === 'GET /quarantine')).toHaveLength(2));
    expect(await screen.findByText('No steps are waiting for a decision')).toBeTruthy();
  });

  it('opens the audit trail of a step', async () => {
    const { server } = fakeServer(admin);
    renderConsole({ path: '/base/check', token: 'jwt', server });
    fireEvent.click(await screen.findByTestId('quarantine-audit-5', {}, FIRST_PAINT));
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('Corrected');
    expect(table.textContent).toContain('admin');
    expect(table.textContent).toContain('Claimed: 1,000');
    expect(table.textContent).toContain('Counted: 180');
    expect(table.textContent).toContain('Note: CT ratio was wrong');
  });

  it('hides the decisions from a role without /base/check/edit', async () => {
    const { server } = fakeServer(watcher);
    renderConsole({ path: '/base/check', token: 'jwt', server, routers: ['/base', '/base/check'] });
    expect(await screen.findByTestId('quarantine-audit-5', {}, FIRST_PAINT)).toBeTruthy();
    expect(screen.queryByTestId('quarantine-accept-5')).toBeNull();
    expect(screen.queryByTestId('quarantine-correct-5')).toBeNull();
    expect(screen.queryByTestId('quarantine-discard-5')).toBeNull();
  });

  it('shows the rejected readings with the server reason', async () => {
    const { server } = fakeServer(admin);
    renderConsole({ path: '/base/check', token: 'jwt', server });
    fireEvent.click(await screen.findByTestId('data-check-tab-rejections', {}, FIRST_PAINT));
    const table = await screen.findByTestId('rejections-table');
    await within(table).findByText('unknown meter "NOPE"');
    expect(table.textContent).toContain('NOPE');
    expect(table.textContent).toContain('HTTP');
  });
});
