// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { ReportColumnHead, ReportTable } from '@shared/reports/table';
import { installBrowserGaps } from '../testing/renderConsole.test-util';
import { ReportTableView, reportChartOption } from './ReportTableView';
import { groupRow } from './reportTableFormat';

// The chart is echarts on a canvas, which jsdom does not draw: the view's part is to place it with the right option.
vi.mock('../charts/EChart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel?: string }) => <div data-testid="echart" aria-label={ariaLabel} />,
}));

const column = (key: string, over: Partial<ReportColumnHead> = {}): ReportColumnHead => ({
  key,
  sourceId: key.split('@')[0]!,
  label: 'Energy',
  unit: 'kWh',
  decimals: 2,
  kind: 'number',
  metric: 'energy',
  total: 'sum',
  ...over,
});

/** Two meters under one department, its subtotal and the total; energy split into two months, then a share column. */
const table: ReportTable = {
  title: 'Monthly energy',
  subtitle: '2026-01-01 – 2026-02-28 · Asia/Shanghai',
  lang: 'en',
  timeZone: 'Asia/Shanghai',
  generatedAt: Date.UTC(2026, 2, 1),
  period: { from: '2026-01-01', to: '2026-02-28' },
  base: null,
  rowHeader: 'Meter',
  columns: [
    column('energy@2026-01', { group: 'January 2026' }),
    column('cost@2026-01', { group: 'January 2026', label: 'Cost', unit: 'CNY', kind: 'money', metric: 'cost' }),
    column('energy@2026-02', { group: 'February 2026' }),
    column('share', { label: 'Share', unit: '%', decimals: 1, kind: 'percent', metric: 'formula', total: 'none' }),
  ],
  rows: [
    { kind: 'data', label: 'Main <b>feeder</b>', code: 'M001', level: 1, cells: [1234567.5, 987.654, 12.3, 66.66], estimated: [2] },
    { kind: 'data', label: 'Lighting', code: 'M002', level: 1, cells: [0.5, null, 4, 33.34], estimated: [] },
    { kind: 'subtotal', label: 'Subtotal', code: '', level: 0, cells: [1234568, 987.65, 16.3, 100], estimated: [2], covers: [0, 1] },
    { kind: 'total', label: 'Total', code: '', level: 0, cells: [1234568, 987.65, 16.3, 100], estimated: [2], covers: [0, 1] },
  ],
  chart: null,
  notes: [],
};

beforeAll(() => installBrowserGaps());
afterEach(cleanup);

const renderView = (view: ReportTable, language: 'en' | 'zh' | 'es' = 'en') =>
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ReportTableView table={view} maxHeight={400} />
    </I18nextProvider>,
  );

describe('ReportTableView', () => {
  it('merges equal neighbouring groups into one header cell and lets ungrouped columns span both header rows', () => {
    renderView(table);
    const heads = screen.getAllByTestId('report-group-head');
    expect(heads.map((cell) => [cell.textContent, cell.getAttribute('colspan')])).toEqual([
      ['January 2026', '2'],
      ['February 2026', '1'],
    ]);
    const [groupRowEl, labelRow] = screen.getAllByRole('row');
    const first = within(groupRowEl!).getAllByRole('columnheader');
    expect(first.map((cell) => [cell.textContent, cell.getAttribute('rowspan')])).toEqual([
      ['Meter', '2'],
      ['January 2026', null],
      ['February 2026', null],
      ['Share (%)', '2'],
    ]);
    expect(
      within(labelRow!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Energy (kWh)', 'Cost (CNY)', 'Energy (kWh)']);
  });

  it("formats numbers with the column's decimals and the UI language's grouping, right-aligned, null as an empty cell", () => {
    renderView(table);
    const cells = screen.getAllByRole('row')[2]!.querySelectorAll('td');
    expect([...cells].map((cell) => cell.textContent)).toEqual(['Main <b>feeder</b>M001', '1,234,567.50', '987.65', '12.30*', '66.7']);
    expect((cells[1] as HTMLElement).style.textAlign).toBe('right');
    // The object name is text, never markup.
    expect(cells[0]!.querySelector('b')).toBeNull();
    const lighting = screen.getAllByRole('row')[3]!.querySelectorAll('td');
    expect(lighting[2]!.textContent).toBe('');
    cleanup();
    renderView(table, 'es');
    expect(screen.getAllByRole('row')[2]!.querySelectorAll('td')[1]!.textContent).toBe('1.234.567,50');
  });

  it('draws subtotal and total rows bold, data rows plain, nested rows indented, and marks estimated cells', () => {
    renderView(table);
    const rows = screen.getAllByRole('row').slice(2);
    expect(rows.map((row) => row.getAttribute('data-kind'))).toEqual(['data', 'data', 'subtotal', 'total']);
    expect(rows[3]!.className).toContain('report-row-total');
    expect(rows.map((row) => (row.querySelector('td') as HTMLElement).style.fontWeight)).toEqual(['400', '400', '700', '700']);
    expect((rows[0]!.querySelector('td') as HTMLElement).style.paddingLeft).toBe('26px');
    expect((rows[2]!.querySelector('td') as HTMLElement).style.paddingLeft).toBe('10px');
    expect(rows[3]!.querySelectorAll('td')[3]!.textContent).toBe('16.30*');
    expect(screen.getByTestId('report-notes').textContent).toBe('* includes estimated data');
  });

  it('keeps the head and the first column in view while the table scrolls', () => {
    renderView(table);
    expect(screen.getByTestId('report-table-scroll').style.overflow).toBe('auto');
    expect((document.querySelector('thead') as HTMLElement).style.position).toBe('sticky');
    expect((screen.getAllByRole('row')[2]!.querySelector('td') as HTMLElement).style.position).toBe('sticky');
  });

  it('draws one header row without groups, the chart above when the table has one, and the notes under it', () => {
    const plain: ReportTable = {
      ...table,
      columns: table.columns.map(({ group: _group, ...rest }) => rest),
      chart: { type: 'bar', title: 'Energy by meter', columnKey: 'energy@2026-01', categories: ['M001', 'M002'], values: [10, null], unit: 'kWh' },
      notes: ['Estimated values are marked *.'],
    };
    expect(groupRow(plain.columns)).toBeNull();
    renderView(plain);
    expect(screen.queryAllByTestId('report-group-head')).toHaveLength(0);
    expect(screen.getByTestId('echart').getAttribute('aria-label')).toBe('Energy by meter');
    expect(screen.getByTestId('report-notes').textContent).toBe('Estimated values are marked *.');
    const option = reportChartOption(plain.chart!) as { series: { type: string; data: unknown[] }[]; xAxis: { data: string[] }; yAxis: { name: string } };
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [10, null] });
    expect(option.xAxis.data).toEqual(['M001', 'M002']);
    expect(option.yAxis.name).toBe('kWh');
  });
});
