// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeterReplacement } from '@shared/schemas/energy';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

/** The first screen of a run loads the layout and the lazy page: on a busy machine that can take more than 5 s. */
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

const meter = {
  id: 11,
  code: 'M011',
  name: 'Line 1 press',
  energyType: 'electricity',
  unit: 'kWh',
  departmentId: null,
  gatewayId: 1,
  subitemId: null,
  ctRatio: 1,
  ptRatio: 1,
  registerMax: 99_999_999,
  ratedPowerKw: 800,
  isMain: false,
  installDate: null,
  tagIds: [],
  online: true,
  lastSeenAt: null,
};
const gateway = { id: 1, sn: 'GW-DEMO-01', name: 'Demo gateway', ownerUserId: 1, online: true, lastSeenAt: null };
const earlier: MeterReplacement = {
  _id: 1,
  meterId: 11,
  replacedAt: new Date(2025, 5, 1, 9, 0, 0).getTime(),
  oldSerial: 'SN-A',
  newSerial: 'SN-B',
  oldFinalReading: 5000,
  newInitialReading: 0,
  creditedEnergy: 12.5,
  note: '',
  user: 'admin',
};

function fakeServer(user: UserInfo) {
  const sent: { route: string; body: unknown }[] = [];
  const server = (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(user);
    if (route === 'GET /meters') return envelope({ total: 1, rows: [meter] });
    if (route === 'GET /gateways') return envelope({ total: 1, rows: [gateway] });
    if (route.endsWith('/options')) return envelope([]);
    if (route === 'GET /meters/11/replacements') return envelope([earlier]);
    if (route === 'PUT /gateways/1/mqtt-credentials') {
      sent.push({ route, body });
      return envelope({ mqttUsername: (body as { mqttUsername: string }).mqttUsername.toLowerCase() });
    }
    return undefined;
  };
  return { server: server as (route: string, body: unknown) => ReturnType<typeof envelope>, sent };
}

describe('/base/device', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists the meters with their history link and replacements, explaining what a replacement credits', async () => {
    const { server } = fakeServer(admin);
    renderConsole({ path: '/base/device', token: 'jwt', server });
    const history = await screen.findByTestId('meter-history-11', {}, FIRST_PAINT);
    expect(history.getAttribute('href')).toBe('/base/meterData?meterId=11');
    fireEvent.click(screen.getByTestId('meter-replacements-11'));
    const table = await screen.findByTestId('replacements-table');
    await within(table).findByText('SN-A → SN-B');
    expect(table.textContent).toContain('12.5 kWh');
    expect(table.textContent).toContain('5,000 → 0');
    expect(screen.getByTestId('replacement-explain').textContent).toBe(
      "The energy between the old meter's last reading and its final reading is credited; the next cycle starts at the new meter's initial reading.",
    );
    // The time is required: saving without one says so under the field.
    fireEvent.click(screen.getByTestId('replacement-save'));
    expect(await screen.findByText('Please choose when the meter was replaced')).toBeTruthy();
  });

  it('sets a gateway MQTT login, checking the rules on blur and showing the name the server keeps', async () => {
    const { server, sent } = fakeServer(admin);
    renderConsole({ path: '/base/device', token: 'jwt', server });
    fireEvent.click(await screen.findByTestId('device-tab-gateways', {}, FIRST_PAINT));
    fireEvent.click(await screen.findByTestId('gateway-credentials-1'));
    const username = (await screen.findByTestId('credentials-username')) as HTMLInputElement;
    expect(username.value).toBe('GW-DEMO-01');
    const password = screen.getByTestId('credentials-password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.blur(password);
    expect(await screen.findByText('At least 8 characters')).toBeTruthy();
    fireEvent.change(username, { target: { value: 'gw demo' } });
    fireEvent.blur(username);
    expect(await screen.findByText('Letters, digits and . _ @ - only')).toBeTruthy();
    fireEvent.change(username, { target: { value: 'GW-Demo-01' } });
    fireEvent.change(password, { target: { value: 'long enough 1' } });
    fireEvent.click(screen.getByTestId('credentials-ok'));
    expect(await screen.findByText('MQTT credentials saved: GW-DEMO-01 logs in as gw-demo-01')).toBeTruthy();
    expect(sent).toEqual([{ route: 'PUT /gateways/1/mqtt-credentials', body: { mqttUsername: 'GW-Demo-01', mqttPassword: 'long enough 1' } }]);
  });

  it('lets a role without /base/device/edit read replacements but not record them or set credentials', async () => {
    const { server } = fakeServer(watcher);
    renderConsole({ path: '/base/device', token: 'jwt', server, routers: ['/base', '/base/device'] });
    fireEvent.click(await screen.findByTestId('meter-replacements-11', {}, FIRST_PAINT));
    await within(await screen.findByTestId('replacements-table')).findByText('SN-A → SN-B');
    expect(screen.queryByTestId('replacement-form')).toBeNull();
    fireEvent.click(screen.getByTestId('device-tab-gateways'));
    await waitFor(() => expect(screen.getAllByText('GW-DEMO-01').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('gateway-credentials-1')).toBeNull();
  });
});
