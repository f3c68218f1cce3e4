// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThresholdRule } from '@shared/schemas/alarms';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../../testing/renderConsole.test-util';

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
const operator: UserInfo = { ...admin, _id: 7, username: 'operator1', roles: [{ _id: 3, name: 'operator' }], type: 1 };
const rule: ThresholdRule = {
  id: 4,
  name: 'Press over 500 kW',
  scope: 'meter',
  scopeId: 11,
  metric: 'kw',
  over: 500,
  under: null,
  durationS: 60,
  hysteresis: 5,
  severity: 'high',
  enabled: true,
  scopeName: 'M011 Line 1 press',
  unit: 'kW',
};

function rulesServer(user: UserInfo, sent: string[] = []) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /alarm-rules') return envelope({ total: 1, rows: [rule] });
    if (route === 'GET /meters/options') return envelope([{ id: 11, name: 'M011 Line 1 press' }]);
    if (route === 'GET /departments/options') return envelope([{ id: 2, name: 'Hall A' }]);
    if (route === 'GET /subitems/options') return envelope([]);
    if (route === 'GET /meter-data/latest')
      return envelope({
        meter: { id: 11, code: 'M011', name: 'Line 1 press', energyType: 'electricity', unit: 'kWh' },
        online: true,
        lastSeenAt: 1,
        values: [],
      });
    if (route === 'GET /alarm-rules/suggest') return envelope({ over: 540.5, sampleSize: 2880, unit: 'kW' });
    if (route === 'POST /alarm-rules') {
      sent.push(JSON.stringify(body));
      return {
        status: 400,
        ...envelope({ issues: [{ field: 'body.scopeId', rule: 'exists', message: 'no meter with id 11' }] }, 40000, 'body.scopeId: no meter with id 11'),
      };
    }
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

/** Picks an option of an antd Select by its label. */
async function choose(testId: string, label: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

describe('/alarm-management/threshold', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('lists the rules with their limits and offers add, edit and delete to an admin', async () => {
    renderConsole({ path: '/alarm-management/threshold', token: 'jwt', server: rulesServer(admin) });
    const row = await screen.findByTestId('rule-row-4', {}, FIRST_PAINT);
    expect(within(row).getByText('Press over 500 kW')).toBeTruthy();
    expect(within(row).getByText('M011 Line 1 press')).toBeTruthy();
    expect(within(row).getByText('500 kW')).toBeTruthy();
    expect(within(row).getByText('60 s')).toBeTruthy();
    expect(within(row).getByText('Active power (kW)')).toBeTruthy();
    expect(screen.getByTestId('rule-add')).toBeTruthy();
    expect(screen.getByTestId('rule-edit-4')).toBeTruthy();
    expect(screen.getByTestId('rule-delete-4')).toBeTruthy();
  });

  it('hides add, edit and delete from a role without those buttons', async () => {
    renderConsole({
      path: '/alarm-management/threshold',
      token: 'jwt',
      server: rulesServer(operator),
      routers: ['/alarm-management', '/alarm-management/threshold'],
    });
    await screen.findByTestId('rule-row-4', {}, FIRST_PAINT);
    expect(screen.queryByTestId('rule-add')).toBeNull();
    expect(screen.queryByTestId('rule-edit-4')).toBeNull();
    expect(screen.queryByTestId('rule-delete-4')).toBeNull();
  });

  it('checks the limits at the field, suggests the upper limit and shows the server’s refusal under the meter', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/alarm-management/threshold', token: 'jwt', server: rulesServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('rule-add', {}, FIRST_PAINT));
    fireEvent.blur(await screen.findByTestId('rule-name'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('rule-name'), { target: { value: 'Press peak' } });
    fireEvent.blur(screen.getByTestId('rule-over'));
    expect(await screen.findByText('Set an upper or a lower limit')).toBeTruthy();

    await choose('rule-scope-id', 'M011 Line 1 press');
    await choose('rule-metric', 'Active power (kW)');
    await waitFor(() => expect((screen.getByTestId('rule-suggest') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('rule-suggest'));
    expect((await screen.findByTestId('rule-suggestion')).textContent).toBe('Suggested 540.5 kW from 2,880 values of the last 30 days');
    await waitFor(() => expect((screen.getByTestId('rule-over') as HTMLInputElement).value).toBe('540.5'));
    await waitFor(() => expect(screen.queryByText('Set an upper or a lower limit')).toBeNull());

    fireEvent.click(screen.getByTestId('rule-form-ok'));
    expect(await screen.findByText('no meter with id 11')).toBeTruthy();
    expect(screen.getByText('no meter with id 11').closest('.ant-form-item')?.textContent).toContain('Meter');
    expect(JSON.parse(sent[0]!)).toEqual({
      name: 'Press peak',
      scope: 'meter',
      scopeId: 11,
      metric: 'kw',
      over: 540.5,
      under: null,
      durationS: 0,
      hysteresis: 0,
      severity: 'medium',
      enabled: true,
    });
  });
});

describe('/devices/power-thresholds', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('opens the editor on meters and kW', async () => {
    renderConsole({ path: '/devices/power-thresholds', token: 'jwt', server: rulesServer(admin) });
    fireEvent.click(await screen.findByTestId('rule-add', {}, FIRST_PAINT));
    const form = await screen.findByTestId('rule-form');
    const selected = (testId: string) => within(form).getByTestId(testId).closest('.ant-select');
    expect(selected('rule-scope')?.textContent).toBe('Meter');
    expect(selected('rule-metric')?.textContent).toBe('Active power (kW)');
    expect(selected('rule-scope')?.className).toContain('disabled');
  });
});
