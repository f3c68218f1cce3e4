// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeAdapter } from '@shared/api/fakeAdapter.test-util';
import type { BillAnalysisDetail } from '@shared/reports/billSchemas';
import { RootStore } from '@shared/stores/rootStore';
import { AppProviders } from '../../AppProviders';
import { installBrowserGaps } from '../../testing/renderConsole.test-util';
import { BillAnalysisView } from './BillAnalysisView';

const analysis: BillAnalysisDetail = {
  id: 7,
  fileName: '电费.pdf',
  templateId: 1,
  state: 'flagged',
  lines: ['国网某某供电公司 电费通知单', '峰电量：400.25 kWh', '峰电价：0.9876 元/kWh', '峰电费：¥395.29', '基本电费：¥100.00', '合计：¥505.29 元'],
  fields: [
    { field: 'peakEnergy', text: '400.25', value: 400.25, line: 2 },
    { field: 'peakPrice', text: '0.9876', value: 0.9876, line: 3 },
    { field: 'peakAmount', text: '395.29', value: 395.29, line: 4 },
    { field: 'demandCharge', text: '100.00', value: 100, line: 5 },
    { field: 'totalAmount', text: '505.29', value: 505.29, line: 6 },
  ],
  checks: [
    { rule: 'peakAmount', ok: true, expected: 395.29, actual: 395.29, detail: '' },
    { rule: 'totalAmount', ok: false, expected: 495.29, actual: 505.29, detail: '' },
  ],
  comparison: null,
  createdBy: 'admin',
  createdAt: 0,
  templateName: '国网电费通知单',
  utility: '国家电网',
  period: { from: null, to: null },
  totalAmount: 505.29,
  sizeBytes: 1234,
  rules: null,
  targets: null,
};

function renderView(language: 'en' | 'zh' = 'en') {
  installBrowserGaps();
  const rootStore = new RootStore({
    language,
    persistence: { get: () => undefined, set: () => undefined, remove: () => undefined },
    adapter: fakeAdapter(() => ({ status: 404, body: { code: 40400, data: null, message: 'Not found' } })),
  });
  return render(
    <AppProviders rootStore={rootStore} realtime={null}>
      <BillAnalysisView analysis={analysis} />
    </AppProviders>,
  );
}

describe('BillAnalysisView', () => {
  afterEach(cleanup);

  it('shows a flagged check with its expected and actual amounts, and the passed one beside it', async () => {
    renderView();
    expect((await screen.findByTestId('bill-state-flagged')).textContent).toContain('Flagged');
    const failed = screen.getByTestId('bill-check-totalAmount');
    expect(failed.textContent).toContain('Band amounts + demand charge = total amount');
    expect(failed.textContent).toContain('Failed');
    expect(within(failed).getByTestId('check-expected-totalAmount').textContent).toContain('495.29');
    expect(within(failed).getByTestId('check-actual-totalAmount').textContent).toContain('505.29');
    expect(screen.getByTestId('bill-check-peakAmount').textContent).toContain('Passed');
  });

  it('writes a value with the decimals the bill printed, trailing zeros included', async () => {
    renderView();
    const valueOf = async (field: string) => within(await screen.findByTestId(`bill-field-${field}`)).getAllByRole('cell')[2]!.textContent;
    expect(await valueOf('demandCharge')).toBe('100.00');
    expect(await valueOf('peakPrice')).toBe('0.9876');
    expect(await valueOf('peakEnergy')).toBe('400.25');
  });

  it('numbers the text lines and highlights the line of a field clicked', async () => {
    renderView('zh');
    expect((await screen.findByTestId('bill-line-6')).textContent).toContain('6合计：¥505.29 元');
    expect(screen.getByTestId('bill-line-6').className).toBe('');
    fireEvent.click(screen.getByTestId('bill-field-totalAmount'));
    expect(screen.getByTestId('bill-line-6').className).not.toBe('');
    expect(screen.getByTestId('bill-line-5').className).toBe('');
    expect(screen.getByTestId('bill-field-totalAmount').textContent).toContain('合计金额');
  });
});
