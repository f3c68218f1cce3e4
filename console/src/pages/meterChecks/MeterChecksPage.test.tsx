// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

const FIRST_PAINT = { timeout: 15_000 };

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

const check = (id: number, kind: string, result: string) => ({
  id,
  meterId: 11,
  kind,
  checkDay: '2026-10-10',
  checkedBy: 'Field team',
  result,
  certificate: '',
  nextDue: '2032-10-10',
  note: '',
});

describe('/settlement/checkRepair', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists checks with their labels and offers the existing replacement drawer beside a replacement', async () => {
    const server = (route: string) => {
      if (route === 'GET /users/info') return envelope(admin);
      if (route === 'GET /meter-checks') return envelope({ total: 2, rows: [check(1, 'calibration', 'pass'), check(2, 'replacement', 'replaced')] });
      if (route === 'GET /meters/options') return envelope([{ id: 11, name: 'M011 Line 1 press' }]);
      if (route === 'GET /meters/11') return envelope({ id: 11, code: 'M011', name: 'Line 1 press', unit: 'kWh' });
      if (route === 'GET /meters/11/replacements') return envelope([]);
      return undefined;
    };
    renderConsole({ path: '/settlement/checkRepair', token: 'jwt', server: server as (route: string, body: unknown) => ReturnType<typeof envelope> });
    const row = await screen.findByTestId('resource-row-2', {}, FIRST_PAINT);
    expect(within(row).getByText('Replacement')).toBeTruthy();
    expect(within(row).getByText('Replaced')).toBeTruthy();
    await within(row).findByText('M011 Line 1 press');
    expect(screen.queryByTestId('meter-check-replacement-1')).toBeNull();

    fireEvent.click(screen.getByTestId('meter-check-replacement-2'));
    const drawer = await screen.findByTestId('replacements-drawer');
    expect(drawer.textContent).toContain('M011');
    expect(within(drawer).getByTestId('replacement-form')).toBeTruthy();
  });
});
