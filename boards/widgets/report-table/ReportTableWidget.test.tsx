// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@shared/i18n/createI18n';
import type { Language } from '@shared/i18n';
import type { ReportColumnHead, ReportRow, ReportTable } from '@shared/reports/table';
import type { ChannelReader, ChannelReading } from '../../widgetDescriptor';
import { ChannelReaderProvider } from '../../runtime/channelReader';
import ReportTableWidget from './ReportTableWidget';
import { reportTableWidget } from './descriptor';
import { parseReportWallChannel, reportWallChannel, type ReportWallData } from './channel';
import { cellFormatter, wallTableLayout } from './reportWallLayout';

const column = (key: string, label: string, unit: string, decimals: number, kind: ReportColumnHead['kind'] = 'number'): ReportColumnHead => ({
  key,
  sourceId: key,
  label,
  unit,
  decimals,
  kind,
  metric: kind === 'money' ? 'cost' : 'energy',
  total: 'sum',
});
const row = (kind: ReportRow['kind'], label: string, cells: (number | null)[], estimated: number[] = [], level = 0): ReportRow => ({
  kind,
  label,
  code: '',
  level,
  cells,
  estimated,
});

/** Yesterday's energy and cost of five departments under two groups; Press shop's energy includes estimated data. */
const table: ReportTable = {
  title: 'Yesterday by department',
  subtitle: '2026-11-01 – 2026-11-01 · Asia/Shanghai',
  lang: 'en',
  timeZone: 'Asia/Shanghai',
  // 2026-11-02 06:05 UTC = 14:05 in Shanghai
  generatedAt: Date.parse('2026-11-02T06:05:00Z'),
  period: { from: '2026-11-01', to: '2026-11-01' },
  base: null,
  rowHeader: 'Department',
  columns: [column('energy', 'Energy', 'kWh', 1), column('cost', 'Cost', 'CNY', 2, 'money')],
  rows: [
    row('data', 'Press shop', [12345.67, 8641.97], [0], 1),
    row('data', 'Paint shop', [2000, 1400], [], 1),
    row('subtotal', 'Hall A', [14345.67, 10041.97]),
    row('data', 'Boiler house', [500.25, 350.18], [], 1),
    row('data', 'Compressors', [null, null], [], 1),
    row('subtotal', 'Utilities', [500.25, 350.18]),
    row('total', 'Total', [14845.92, 10392.15]),
  ],
  chart: null,
  notes: ['* includes estimated data'],
};
const data: ReportWallData = { computedAt: table.generatedAt, definitionId: 7, name: 'Yesterday by department', table, problem: null };

function mount(options: Record<string, unknown>, readings: Record<string, ChannelReading>, { width = 960, height = 540, language = 'en' as Language } = {}) {
  const parsed = reportTableWidget.options.parse(options);
  const reader: ChannelReader = { read: <T,>(channel: string) => readings[channel] as ChannelReading<T> | undefined, watch: () => () => undefined };
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <ChannelReaderProvider reader={reader}>
        <ReportTableWidget
          options={parsed}
          binding={{}}
          title=""
          width={width}
          height={height}
          scale={width / 1920 >= 1 ? 2 : 1}
          theme={{ mode: 'dark', accent: '#3aa0ff' }}
          channels={reportTableWidget.channels({}, parsed)}
          stale={false}
        />
      </ChannelReaderProvider>
    </I18nextProvider>,
  );
}
const reading = (value: unknown): ChannelReading => ({ value, ts: 1, receivedAt: 1 });
const texts = (testId: string) => screen.getAllByTestId(testId).map((element) => [...element.children].map((cell) => cell.textContent));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('report-table options and channel', () => {
  it('defaults every option and names the channel from the definition (or the template), the period and the refresh', () => {
    const defaults = reportTableWidget.options.parse({});
    expect(defaults).toEqual({ definitionId: 0, template: 'none', preset: 'own', rows: 10, scrollSeconds: 10, refreshMinutes: 5, fontScale: 1 });
    expect(reportTableWidget.channels({}, defaults)).toEqual([]);
    expect(reportTableWidget.channels({}, reportTableWidget.options.parse({ definitionId: 7 }))).toEqual(['report:7:table:own:5']);
    expect(
      reportTableWidget.channels({}, reportTableWidget.options.parse({ definitionId: 7, template: 'bandStatement', preset: 'thisMonth', refreshMinutes: 15 })),
    ).toEqual(['report:7:table:thisMonth:15']);
    expect(reportTableWidget.channels({}, reportTableWidget.options.parse({ template: 'bandStatement', preset: 'thisMonth' }))).toEqual([
      'report:tpl-bandStatement:table:thisMonth:5',
    ]);
    expect(parseReportWallChannel(reportWallChannel({ ref: { template: 'dailyEnergy' }, preset: 'yesterday', refreshMinutes: 60 }))).toEqual({
      ref: { template: 'dailyEnergy' },
      preset: 'yesterday',
      refreshMinutes: 60,
    });
    for (const bad of [
      { refreshMinutes: 0 },
      { refreshMinutes: 61 },
      { rows: 0 },
      { rows: 51 },
      { preset: 'custom' },
      { definitionId: -1 },
      { template: 'x' },
      { fontScale: 4 },
    ])
      expect(reportTableWidget.options.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('ReportTableWidget', () => {
  it('says what is missing instead of a blank tile', () => {
    mount({}, {});
    expect(screen.getByText('Choose a report definition for this tile')).toBeTruthy();
    cleanup();
    mount({ definitionId: 7 }, {});
    expect(screen.getByText('No data yet')).toBeTruthy();
    cleanup();
    mount({ definitionId: 7 }, { 'report:7:table:own:5': reading({ ...data, table: null, problem: 'missing' }) });
    expect(screen.getByText('This report definition does not exist')).toBeTruthy();
    cleanup();
    mount({ definitionId: 7 }, { 'report:7:table:own:5': reading({ ...data, table: null, problem: 'tooLarge' }) });
    expect(screen.getByText(/too large for a wall/)).toBeTruthy();
  });

  it('draws the rows with the column decimals, grouping and "*", subtotals bold, the total pinned, the update time', () => {
    mount({ definitionId: 7 }, { 'report:7:table:own:5': reading(data) });
    expect(texts('report-table-row')).toEqual([
      ['Press shop', '12,345.7*', '8,641.97'],
      ['Paint shop', '2,000.0', '1,400.00'],
      ['Hall A', '14,345.7', '10,041.97'],
      ['Boiler house', '500.3', '350.18'],
      ['Compressors', '', ''],
      ['Utilities', '500.3', '350.18'],
    ]);
    expect(texts('report-table-total')).toEqual([['Total', '14,845.9', '10,392.15']]);
    const subtotal = screen.getAllByTestId('report-table-row')[2]!;
    expect([subtotal.dataset.kind, subtotal.style.fontWeight]).toEqual(['subtotal', '700']);
    expect(screen.getByTestId('report-table-updated').textContent).toBe('Updated 14:05');
    const table = screen.getByTestId('report-table');
    expect(within(table).getByText('Energy (kWh)')).toBeTruthy();
    expect(table.textContent).toContain('* includes estimated data');
    expect(table.dataset.pages).toBe('1');
    // Dark theme: light text.
    expect(table.style.color).toBe('rgb(230, 237, 245)');
  });

  it('pages the body rows every scrollSeconds while the total stays, and reads the figures in the wall’s language', () => {
    vi.useFakeTimers();
    mount({ definitionId: 7, rows: 4, scrollSeconds: 8 }, { 'report:7:table:own:5': reading(data) }, { language: 'es' });
    const labels = () => screen.getAllByTestId('report-table-row').map((element) => element.firstElementChild!.textContent);
    expect(labels()).toEqual(['Press shop', 'Paint shop', 'Hall A', 'Boiler house']);
    expect(screen.getByTestId('report-table-page').textContent).toBe('1/2');
    expect(texts('report-table-row')[0]).toEqual(['Press shop', '12.345,7*', '8.641,97']);
    act(() => void vi.advanceTimersByTime(8_000));
    expect(labels()).toEqual(['Compressors', 'Utilities']);
    expect(screen.getByTestId('report-table-page').textContent).toBe('2/2');
    expect(texts('report-table-total')).toEqual([['Total', '14.845,9', '10.392,15']]);
    expect(screen.getByTestId('report-table-updated').textContent).toBe('Actualizado 14:05');
    act(() => void vi.advanceTimersByTime(8_000));
    expect(labels()[0]).toBe('Press shop');
  });

  it('keeps the figures readable: bigger on a 4K tile, fewer rows rather than tiny text on a small one', () => {
    const format = cellFormatter('en');
    const hd = wallTableLayout(table, format, { width: 960, height: 540, scale: 1, fontScale: 1, wantedRows: 10 });
    const uhd = wallTableLayout(table, format, { width: 1920, height: 1080, scale: 2, fontScale: 1, wantedRows: 10 });
    // 6 body rows + caption, header and total = 9 lines of 1.5 em: 540 / (9 × 1.5 + 0.8) = 37.8 px, capped at 18 × scale.
    expect([hd.font, hd.rowsPerPage, hd.pages]).toEqual([18, 10, 1]);
    expect([uhd.font, uhd.rowsPerPage, uhd.pages]).toEqual([36, 10, 1]);
    // 200 px high at twice the fitted text: 2 × 200 / 14.3 = 27.97 px; (200 / 27.97 − 0.8) / 1.5 = 4.2 lines, 3 of them
    // caption, header and total: one body row per page, six pages.
    const small = wallTableLayout(table, format, { width: 1200, height: 200, scale: 1, fontScale: 2, wantedRows: 10 });
    expect([small.font, small.rowsPerPage, small.pages]).toEqual([(200 / (9 * 1.5 + 0.8)) * 2, 1, 6]);
    // Too narrow for both figures at a readable size: the cost column is left out and counted.
    const narrow = wallTableLayout(table, format, { width: 200, height: 540, scale: 1, fontScale: 1, wantedRows: 10 });
    expect([narrow.font, narrow.columns, narrow.hiddenColumns]).toEqual([18 * 0.6, 1, 1]);
  });
});
