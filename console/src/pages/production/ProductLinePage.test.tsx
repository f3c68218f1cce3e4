// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LineMeter } from '@shared/production/api';
import type { UserInfo } from '@shared/schemas/user';
import { envelope, renderConsole } from '../../testing/renderConsole.test-util';

// The whole console and a lazy screen: slow on a busy machine, so the first paint may take a while.
const FIRST_PAINT = { timeout: 40_000 };
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
const line = { id: 7, code: 'PRESS-1', name: 'Press line', departmentId: null, energyType: 'electricity', targetSecKwh: 2, note: '' };
const meters: LineMeter[] = [{ meterId: 33, code: 'M033', name: 'Compressor', energyType: 'electricity', ratio: 0.5, otherLines: 0.4 }];

function lineServer(sent: string[]) {
  return (route: string, body: unknown) => {
    if (route === 'GET /users/info') return envelope(admin);
    if (route === 'GET /product-lines') return envelope({ total: 1, rows: [line] });
    if (route === 'GET /production/lines/7/meters') return envelope(meters);
    if (route === 'GET /meters/options') return envelope([{ id: 33, name: 'M033 Compressor' }]);
    if (route === 'GET /production-devices')
      return envelope({ total: 1, rows: [{ id: 2, code: 'PR-01', name: 'Hydraulic press', lineId: 7, ratedPowerKw: 250 }] });
    if (route === 'PUT /production/lines/7/meters') {
      sent.push(JSON.stringify(body));
      return {
        status: 400,
        ...envelope(
          {
            issues: [
              { field: 'meters.0.ratio', rule: 'total', message: 'Meter M033 already gives 0.4 of its energy to other lines: this line may take at most 0.6' },
            ],
          },
          40000,
          'meters.0.ratio: Meter M033 already gives 0.4 of its energy to other lines: this line may take at most 0.6',
        ),
      };
    }
    if (route.endsWith('/options')) return envelope([]);
    return { status: 404, ...envelope(null, 40400, 'Not found') };
  };
}

describe('/energyLine/product-line', { timeout: 120_000 }, () => {
  afterEach(cleanup);

  it("edits a line's meter shares, showing the server's refusal at the ratio, and lists the line's equipment", async () => {
    const sent: string[] = [];
    renderConsole({ path: '/energyLine/product-line', token: 'jwt', server: lineServer(sent) });
    fireEvent.click(await screen.findByTestId('line-open-7', {}, FIRST_PAINT));
    const editor = await screen.findByTestId('line-meters');
    const ratio = await within(editor).findByTestId('line-meter-ratio-0');
    await waitFor(() => expect(within(editor).getByText('0.400')).toBeTruthy());
    const input = ratio.tagName === 'INPUT' ? ratio : ratio.querySelector('input')!;
    fireEvent.change(input, { target: { value: '0.7' } });
    fireEvent.blur(input);
    fireEvent.click(within(editor).getByTestId('line-meters-save'));
    await waitFor(() => expect(sent).toEqual(['{"meters":[{"meterId":33,"ratio":0.7}]}']));
    expect((await within(editor).findByTestId('line-meter-error-0-ratio')).textContent).toBe(
      'Meter M033 already gives 0.4 of its energy to other lines: this line may take at most 0.6',
    );

    const equipment = await screen.findByTestId('line-equipment');
    await waitFor(() => expect(within(equipment).getByText('Hydraulic press')).toBeTruthy());
    expect(within(equipment).getByTestId('line-equipment-link').getAttribute('href')).toBe('/energy-efficiency-management/production-device');
  });

  it('names an added row without a meter in the browser, before sending anything', async () => {
    const sent: string[] = [];
    renderConsole({ path: '/energyLine/product-line', token: 'jwt', server: lineServer(sent) });
    fireEvent.click(await screen.findByTestId('line-open-7', {}, FIRST_PAINT));
    const editor = await screen.findByTestId('line-meters');
    fireEvent.click(await within(editor).findByTestId('line-meter-add'));
    fireEvent.click(within(editor).getByTestId('line-meters-save'));
    // The added row has no meter yet: named at its meter field, nothing sent.
    expect((await within(editor).findByTestId('line-meter-error-1-meterId')).textContent).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
