// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MonthRegisterAnswer, MonthRegisterRow } from '@shared/schemas/monthRegisters';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';
import { lastMonth } from './MonthRegistersController';

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

const base: Omit<MonthRegisterRow, 'meterId' | 'code' | 'name'> = {
  departmentId: 3,
  departmentName: 'Register hall',
  energyType: 'electricity',
  unit: 'kWh',
  ctRatio: 40,
  ptRatio: 1,
  multiplier: 40,
  manual: false,
  startRegister: 1000.5,
  startAt: null,
  startSource: 'reading',
  endRegister: 1100.25,
  endAt: null,
  endSource: 'reading',
  registerEnergy: 3990,
  rollupEnergy: 3990,
  estimatedEnergy: 0,
  difference: 0,
  mismatch: false,
  notes: [],
  bands: [
    { band: 'peak', energy: 1200, estimated: 0 },
    { band: 'valley', energy: 2790, estimated: 30 },
  ],
  typed: null,
};
const derived: MonthRegisterRow = { ...base, meterId: 1, code: 'REG-1', name: 'Incomer' };
const manual: MonthRegisterRow = {
  ...base,
  meterId: 3,
  code: 'REG-3',
  name: 'Canteen',
  manual: true,
  startRegister: 2000,
  startSource: 'typed',
  endRegister: 2012.5,
  endSource: 'typed',
  registerEnergy: 500,
  rollupEnergy: 0,
  difference: 500,
  mismatch: true,
  bands: [],
  typed: { startRegister: 2000, endRegister: 2012.5, reason: 'Read on site', editedBy: 'admin', editedAt: 0 },
};

function fakeServer() {
  const sent: unknown[] = [];
  const answer: MonthRegisterAnswer = { month: lastMonth(), from: 0, to: 0, rows: [derived, manual] };
  const server = (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /departments/tree') return envelope([]);
    if (route === 'GET /month-registers') return envelope(answer);
    if (route === 'PUT /month-registers') {
      sent.push(body);
      return envelope({ ...manual, endRegister: 2013, registerEnergy: 520, difference: 520 });
    }
    return undefined;
  };
  return { server: server as (route: string, body: unknown) => ReturnType<typeof envelope>, sent };
}

describe('/settlement/power-month-record', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('shows registers, CT × PT, both energies with the mismatch, the bands, and types in a manual meter with a reason', async () => {
    const { server, sent } = fakeServer();
    renderConsole({ path: '/settlement/power-month-record', token: 'jwt', server });
    const energy = await screen.findByTestId('month-register-energy-REG-1', {}, FIRST_PAINT);
    expect(energy.textContent).toBe('3,990.00 kWhCounted energy: 3,990.00');
    expect(screen.getByTestId('month-register-start-REG-1').textContent).toBe('1,000.500');
    expect(screen.getByTestId('month-register-bands-REG-1').textContent).toBe('Peak 1,200.00Valley 2,790.00');
    expect(screen.queryByTestId('month-register-mismatch-REG-1')).toBeNull();
    expect(screen.getByTestId('month-register-mismatch-REG-3').textContent).toBe('Mismatch 500.00');
    expect(screen.getByTestId('month-register-manual-REG-3').textContent).toBe('Read by hand');
    expect(screen.getByTestId('month-register-typed-REG-3').textContent).toBe('Typed in');
    // Only the manual meter can be typed in.
    expect(screen.queryByTestId('month-register-edit-REG-1')).toBeNull();

    fireEvent.click(screen.getByTestId('month-register-edit-REG-3'));
    const dialog = await screen.findByTestId('month-register-dialog');
    fireEvent.click(within(document.body).getByTestId('month-register-save'));
    expect(await within(dialog).findByText('Give the reason for typing the registers in')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('month-register-end'), { target: { value: '2013' } });
    fireEvent.change(within(dialog).getByTestId('month-register-reason'), { target: { value: 'Misread the last digit' } });
    fireEvent.click(within(document.body).getByTestId('month-register-save'));
    await waitFor(() =>
      expect(sent).toEqual([{ meterId: 3, month: lastMonth(), band: 'total', startRegister: 2000, endRegister: 2013, reason: 'Misread the last digit' }]),
    );
    await waitFor(() => expect(screen.getByTestId('month-register-end-REG-3').textContent).toBe('2,013.000'));
  });
});
