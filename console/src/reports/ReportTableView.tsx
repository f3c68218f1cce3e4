import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportChart, ReportRow, ReportTable } from '@shared/reports/table';
import { EChart } from '../charts/EChart';
import type { ChartOption } from '../charts/echartsCore';
import { cellFormatter, columnTitle, groupRow, hasEstimated } from './reportTableFormat';

export interface ReportTableViewProps {
  table: ReportTable;
  /** Height of the scrolling table (the headers and the first column stay in view); unset: as tall as its rows. */
  maxHeight?: number | string;
  /** Tighter cells and a smaller chart, for previews beside a form. */
  compact?: boolean;
}

const BORDER = '1px solid #e5e7eb';
const HEAD_BG = '#f5f7fa';
const TOTAL_BG = '#eef2f7';
const SUBTOTAL_BG = '#f8fafc';
const COMPACT_PAD = '2px 6px';

/** The chart of a table: one bar or point per category, the column's unit on the axis. */
export function reportChartOption(chart: ReportChart): ChartOption {
  return {
    title: { text: chart.title, left: 'center', textStyle: { fontSize: 13 } },
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    // Long names are cut with an ellipsis so rotated labels never squeeze the plot to a sliver.
    xAxis: {
      type: 'category',
      data: chart.categories,
      axisLabel: { hideOverlap: true, rotate: chart.categories.length > 12 ? 45 : 0, width: 96, overflow: 'truncate' },
    },
    yAxis: { type: 'value', name: chart.unit },
    series: [
      { type: chart.type, name: chart.title, data: chart.values, ...(chart.type === 'line' ? { smooth: false, showSymbol: chart.values.length <= 60 } : {}) },
    ],
  };
}

/**
 * A computed report as a plain HTML table, the same figures the files carry: a merged group header row when columns
 * have groups, sticky header rows and first column, numbers right-aligned with the column's decimals and the UI
 * language's grouping, subtotal and total rows bold, estimated cells with "*", nested rows indented, and the chart
 * above. Every text is rendered as text (object names come from users).
 */
export function ReportTableView({ table, maxHeight, compact = false }: ReportTableViewProps) {
  const { t, i18n } = useTranslation();
  const format = useMemo(() => cellFormatter(i18n.language), [i18n.language]);
  const groups = useMemo(() => groupRow(table.columns), [table.columns]);
  const chartOption = useMemo(() => (table.chart ? reportChartOption(table.chart) : null), [table.chart]);
  const pad = compact ? COMPACT_PAD : '6px 10px';
  const fontSize = compact ? 12 : 13;

  const head: CSSProperties = { background: HEAD_BG, border: BORDER, padding: pad, fontWeight: 600, textAlign: 'center', whiteSpace: 'nowrap' };
  const stickyFirst: CSSProperties = { position: 'sticky', left: 0, zIndex: 1 };

  return (
    <div data-testid="report-table-view" style={{ fontSize }}>
      {chartOption && <EChart option={chartOption} height={compact ? 260 : 320} ariaLabel={table.chart?.title} />}
      <div style={{ overflow: 'auto', maxHeight, maxWidth: '100%', border: BORDER }} data-testid="report-table-scroll">
        <table style={{ borderCollapse: 'separate', borderSpacing: 0, minWidth: '100%', fontVariantNumeric: 'tabular-nums' }}>
          {/* The whole head sticks, so the merged group row and the labels under it stay in view together. */}
          <thead style={{ position: 'sticky', top: 0, zIndex: 2 }}>
            <tr>
              <th scope="col" rowSpan={groups ? 2 : 1} style={{ ...head, ...stickyFirst, zIndex: 3, textAlign: 'left' }}>
                {table.rowHeader}
              </th>
              {groups
                ? groups.map((cell) =>
                    cell.kind === 'group' ? (
                      <th key={`g${cell.first}`} scope="colgroup" colSpan={cell.span} style={head} data-testid="report-group-head">
                        {cell.text}
                      </th>
                    ) : (
                      <th key={cell.column.key} scope="col" rowSpan={2} style={head}>
                        {columnTitle(cell.column)}
                      </th>
                    ),
                  )
                : table.columns.map((column) => (
                    <th key={column.key} scope="col" style={head}>
                      {columnTitle(column)}
                    </th>
                  ))}
            </tr>
            {groups && (
              <tr>
                {table.columns
                  .filter((column) => column.group !== undefined)
                  .map((column) => (
                    <th key={column.key} scope="col" style={head}>
                      {columnTitle(column)}
                    </th>
                  ))}
              </tr>
            )}
          </thead>
          <tbody>
            {table.rows.length === 0 && (
              <tr>
                <td colSpan={table.columns.length + 1} style={{ padding: pad, textAlign: 'center', color: '#888' }}>
                  {t('reportSheet.table.empty')}
                </td>
              </tr>
            )}
            {table.rows.map((row, index) => (
              <BodyRow key={index} row={row} table={table} format={format} pad={pad} />
            ))}
          </tbody>
        </table>
      </div>
      {(table.notes.length > 0 || hasEstimated(table)) && (
        <div style={{ marginTop: 6, color: '#666', fontSize: fontSize - 1 }} data-testid="report-notes">
          {table.notes.length > 0 ? table.notes.map((note, index) => <div key={index}>{note}</div>) : <div>{t('reportSheet.table.estimated')}</div>}
        </div>
      )}
    </div>
  );
}

function BodyRow({ row, table, format, pad }: { row: ReportRow; table: ReportTable; format: (value: number | null, decimals: number) => string; pad: string }) {
  const summary = row.kind !== 'data';
  const background = row.kind === 'total' ? TOTAL_BG : row.kind === 'subtotal' ? SUBTOTAL_BG : '#fff';
  const cell: CSSProperties = { border: BORDER, padding: pad, background, fontWeight: summary ? 700 : 400 };
  const estimated = new Set(row.estimated);
  return (
    <tr className={`report-row report-row-${row.kind}`} data-kind={row.kind}>
      <td
        style={{
          ...cell,
          position: 'sticky',
          left: 0,
          zIndex: 1,
          textAlign: 'left',
          whiteSpace: 'nowrap',
          paddingLeft: (pad === COMPACT_PAD ? 6 : 10) + row.level * 16,
        }}
      >
        {row.label}
        {row.code && row.code !== row.label && <span style={{ color: '#888', marginLeft: 6, fontWeight: 400 }}>{row.code}</span>}
      </td>
      {table.columns.map((column, index) => {
        const value = row.cells[index] ?? null;
        return (
          <td key={column.key} style={{ ...cell, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {format(value, column.decimals)}
            {value !== null && estimated.has(index) ? '*' : ''}
          </td>
        );
      })}
    </tr>
  );
}
