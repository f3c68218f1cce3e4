// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InterfaceCall } from '@shared/api/interfacesApi';
import type { InterfaceKey } from '@shared/schemas/interfaces';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

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
const operator: UserInfo = { ...admin, _id: 7, username: 'operator1', trueName: 'Olga Operator', roles: [{ _id: 3, name: 'operator' }], type: 1 };

// The first render loads the console and its lazy screens: slow in jsdom on a busy machine.
const FIRST_PAINT = { timeout: 15_000 };

const keys: InterfaceKey[] = [
  { _id: 2, name: 'BMS building 2', state: 'active', keyHint: '…Zx9Q', createdAt: Date.UTC(2026, 0, 2), activatedAt: Date.UTC(2026, 0, 2), lastUsedAt: null },
  { _id: 1, name: 'Old SCADA', state: 'revoked', keyHint: '…k3Lm', createdAt: Date.UTC(2026, 0, 1), activatedAt: null, lastUsedAt: null },
];

function keysServer(user: UserInfo, sent: string[] = []) {
  return (route: string, body: unknown) => {
    sent.push(`${route} ${JSON.stringify(body ?? null)}`);
    if (route === 'GET /interface-keys') return envelope({ total: keys.length, rows: keys });
    if (route === 'POST /interface-keys')
      return envelope({ ...keys[0], _id: 3, name: 'Meter cloud', state: 'issued', keyHint: '…WXYZ', key: 'ek_full-secret-WXYZ' });
    if (route === 'POST /interface-keys/activate') return { status: 409, ...envelope(null, 10010, 'The sdk key has already been used') };
    return envelope(user);
  };
}

describe('interface keys screen', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('lists the keys with their state tags and shows how to send readings', async () => {
    renderConsole({ path: '/thirdinterfaces/generic-interfaces', token: 'jwt', server: keysServer(admin) });
    const active = await screen.findByTestId('key-row-2', {}, FIRST_PAINT);
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText('…Zx9Q')).toBeTruthy();
    expect(within(screen.getByTestId('key-row-1')).getByText('Revoked')).toBeTruthy();
    // A revoked key cannot be revoked again.
    expect(screen.getByTestId('revoke-key-2')).toBeTruthy();
    expect(screen.queryByTestId('revoke-key-1')).toBeNull();
    expect(screen.getByTestId('guide-endpoint').textContent).toContain(`POST ${window.location.origin}/api/ingest/readings`);
    expect(screen.getByTestId('guide-header').textContent).toBe('x-interface-key: <your activated key>');
    const payload = screen.getByTestId('guide-payload');
    expect(payload.tagName).toBe('PRE');
    expect(JSON.parse(payload.textContent ?? '')).toMatchObject({ ts: 1795342800000, readings: [{ meter: 'M011' }, { meter: 'M002' }] });
    // The published contract, each in a new tab.
    const reference = screen.getByTestId('contract-referencePage') as HTMLAnchorElement;
    expect([reference.textContent, reference.getAttribute('href'), reference.target]).toEqual(['API reference', '/docs/api/', '_blank']);
    expect(screen.getByTestId('contract-openapi').getAttribute('href')).toBe('/api/openapi.json');
    expect(screen.getByTestId('contract-asyncapi').textContent).toBe('MQTT: AsyncAPI 3.0 (JSON)');
  });

  it('shows a new key once, with the warning, and forgets it after the dialog', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/thirdinterfaces/generic-interfaces', token: 'jwt', server: keysServer(admin, sent) });
    fireEvent.click(await screen.findByTestId('create-key', {}, FIRST_PAINT));
    fireEvent.change(await screen.findByTestId('create-key-name'), { target: { value: 'Meter cloud' } });
    fireEvent.click(screen.getByTestId('create-key-ok'));
    const issued = (await screen.findByTestId('issued-key')) as HTMLInputElement;
    expect(issued.value).toBe('ek_full-secret-WXYZ');
    expect(sent).toContain('POST /interface-keys {"name":"Meter cloud"}');
    expect(screen.getByTestId('issued-key-warning').textContent).toContain('it will not be shown again');
    fireEvent.click(screen.getByTestId('issued-key-done'));
    await waitFor(() => expect(screen.queryByDisplayValue('ek_full-secret-WXYZ')).toBeNull());
  });

  it('sends the pasted key to activate and keeps it in the field when the server refuses', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/thirdinterfaces/generic-interfaces', token: 'jwt', server: keysServer(admin, sent) });
    const input = (await screen.findByTestId('activate-key-input', {}, FIRST_PAINT)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' ek_used ' } });
    fireEvent.click(screen.getByTestId('activate-key-submit'));
    await screen.findByText('The sdk key has already been used');
    expect(sent).toContain('POST /interface-keys/activate {"key":"ek_used"}');
    expect(input.value).toBe(' ek_used ');
  });

  it('hides create and revoke from a role without the add and delete buttons', async () => {
    renderConsole({
      path: '/thirdinterfaces/generic-interfaces',
      token: 'jwt',
      server: keysServer(operator),
      routers: ['/thirdinterfaces', '/thirdinterfaces/generic-interfaces'],
    });
    await screen.findByTestId('key-row-2', {}, FIRST_PAINT);
    expect(screen.queryByTestId('create-key')).toBeNull();
    expect(screen.queryByTestId('revoke-key-2')).toBeNull();
    // Activating needs only the screen.
    expect(screen.getByTestId('activate-key-input')).toBeTruthy();
  });
});

describe('call records screen', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  const calls: InterfaceCall[] = [
    { _id: 12, keyId: 2, at: Date.UTC(2026, 0, 3, 8), ip: '10.0.0.7', accepted: 1200, rejected: 3, code: 0, durationMs: 41.26 },
    { _id: 11, keyId: null, at: Date.UTC(2026, 0, 3, 7), ip: '10.0.0.9', accepted: 0, rejected: 0, code: 10009, durationMs: 1.5 },
  ];

  it('names the key of each call and shows counts, result and duration', async () => {
    const sent: string[] = [];
    renderConsole({
      path: '/thirdinterfaces/call-record',
      token: 'jwt',
      server: (route, body) => {
        sent.push(route);
        if (route === 'GET /interface-calls') return envelope({ total: 41, rows: calls });
        return keysServer(admin)(route, body);
      },
    });
    const row = await screen.findByTestId('call-row-12', {}, FIRST_PAINT);
    await waitFor(() => expect(within(row).getByText('BMS building 2')).toBeTruthy());
    expect(within(row).getByText('10.0.0.7')).toBeTruthy();
    expect(within(row).getByText('1,200')).toBeTruthy();
    expect(within(row).getByText('0 · Partly rejected')).toBeTruthy();
    expect(within(row).getByText('41.3 ms')).toBeTruthy();
    const unknown = screen.getByTestId('call-row-11');
    expect(within(unknown).getByText('Unknown key')).toBeTruthy();
    expect(within(unknown).getByText('10009 · Invalid key')).toBeTruthy();
    expect(screen.getByText('41 in all')).toBeTruthy();
  });

  it('shows key ids instead of asking for the key list the role may not read', async () => {
    const sent: string[] = [];
    renderConsole({
      path: '/thirdinterfaces/call-record',
      token: 'jwt',
      routers: ['/thirdinterfaces', '/thirdinterfaces/call-record'],
      server: (route) => {
        sent.push(route);
        return route === 'GET /interface-calls' ? envelope({ total: 2, rows: calls }) : envelope(operator);
      },
    });
    const row = await screen.findByTestId('call-row-12', {}, FIRST_PAINT);
    expect(within(row).getByText('#2')).toBeTruthy();
    expect(sent.filter((route) => route === 'GET /interface-keys')).toEqual([]);
  });
});
