import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ReportRow, ReportTable } from '@shared/reports/table';
import type { WidgetProps } from '../../widgetDescriptor';
import { useChannel } from '../../runtime/channelReader';
import { usePalette } from '../../charts/usePalette';
import type { ChartPalette } from '../../charts/palette';
import { WidgetMessage } from '../band-cost/WidgetMessage';
import type { ReportWallData } from './channel';
import type { ReportTableOptions } from './options';
import { bodyRows, cellFormatter, clockText, columnTitle, groupSpans, ROW_LINES, totalRows, wallTableLayout } from './reportWallLayout';

const cell: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontVariantNumeric: 'tabular-nums' };

function ReportTableWidget({ options, channels, width, height, scale, theme }: WidgetProps<ReportTableOptions>) {
  const { t, i18n } = useTranslation();
  const palette = usePalette(theme);
  const data = useChannel<ReportWallData>(channels[0])?.value;
  const message = (key: string) => <WidgetMessage width={width} height={height} scale={scale} colour={palette.subtleText} text={t(key)} />;
  if (channels.length === 0) return message('reportWidgets.choose');
  if (!data) return message('reportWidgets.noData');
  if (data.problem === 'missing') return message('reportWidgets.missing');
  if (data.problem === 'tooLarge' || !data.table) return message('reportWidgets.tooLarge');
  if (data.table.rows.length === 0) return message('reportWidgets.noRows');
  return <WallTable table={data.table} options={options} width={width} height={height} scale={scale} palette={palette} language={i18n.language} />;
}

interface WallTableProps {
  table: ReportTable;
  options: ReportTableOptions;
  width: number;
  height: number;
  scale: number;
  palette: ChartPalette;
  language: string;
}

/** The table itself: caption, header lines, one page of body rows, the totals pinned at the bottom. */
function WallTable({ table, options, width, height, scale, palette, language }: WallTableProps) {
  const { t } = useTranslation();
  const format = useMemo(() => cellFormatter(language), [language]);
  const layout = useMemo(
    () => wallTableLayout(table, format, { width, height, scale, fontScale: options.fontScale, wantedRows: options.rows }),
    [table, format, width, height, scale, options.fontScale, options.rows],
  );
  const [tick, setTick] = useState(0);
  useEffect(() => {
    setTick(0);
    if (options.scrollSeconds <= 0 || layout.pages <= 1) return undefined;
    const timer = setInterval(() => setTick((current) => current + 1), options.scrollSeconds * 1000);
    return () => clearInterval(timer);
  }, [table, options.scrollSeconds, layout.pages]);

  const { font } = layout;
  const page = tick % layout.pages;
  const body = bodyRows(table);
  const shown = body.slice(page * layout.rowsPerPage, (page + 1) * layout.rowsPerPage);
  const columns = table.columns.slice(0, layout.columns);
  const groups = groupSpans(columns);
  const estimated = table.rows.some((row) => row.estimated.length > 0);
  const template = layout.widthsEm.map((em, index) => (index === 0 ? `minmax(${em}em, 1.4fr)` : `minmax(${em}em, 1fr)`)).join(' ');
  const line = font * ROW_LINES;
  const grid: CSSProperties = { display: 'grid', gridTemplateColumns: template, gridAutoRows: `${line}px`, alignItems: 'center', columnGap: font * 0.6 };
  const head: CSSProperties = { ...cell, fontSize: font * 0.8, color: palette.subtleText, textAlign: 'right' };

  const rowCells = (row: ReportRow, index: number, testId: string) => (
    <div key={`${testId}-${index}`} data-testid={testId} data-kind={row.kind} style={{ display: 'contents', fontWeight: row.kind === 'data' ? 400 : 700 }}>
      <div style={{ ...cell, paddingLeft: `${row.level * 1.2}em` }} title={row.code && row.code !== row.label ? `${row.label} · ${row.code}` : row.label}>
        {row.label}
      </div>
      {columns.map((column, columnIndex) => (
        <div key={column.key} style={{ ...cell, textAlign: 'right' }}>
          {format(row.cells[columnIndex] ?? null, column.decimals, row.estimated.includes(columnIndex))}
        </div>
      ))}
    </div>
  );

  const totals = totalRows(table);
  return (
    <div
      data-testid="report-table"
      data-page={page + 1}
      data-pages={layout.pages}
      style={{
        width,
        height,
        boxSizing: 'border-box',
        padding: `${font * 0.3}px ${font * 0.6}px`,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        color: palette.text,
        fontSize: font,
        lineHeight: 1.2,
      }}
    >
      <div style={{ display: 'flex', gap: font, height: line, alignItems: 'center', fontSize: font * 0.8, color: palette.subtleText, flexShrink: 0 }}>
        <span style={{ ...cell, flex: 1 }}>
          {table.subtitle}
          {layout.hiddenColumns > 0 && ` · ${t('reportWidgets.moreColumns', { count: layout.hiddenColumns })}`}
          {estimated && ` · ${t('reportWidgets.estimated')}`}
        </span>
        {layout.pages > 1 && <span data-testid="report-table-page">{t('reportWidgets.page', { page: page + 1, pages: layout.pages })}</span>}
        <span data-testid="report-table-updated" style={cell}>
          {t('reportWidgets.updated', { time: clockText(table.generatedAt, table.timeZone) })}
        </span>
      </div>
      <div style={{ ...grid, borderBottom: `1px solid ${palette.axisLine}`, flexShrink: 0 }}>
        {groups && (
          <>
            <div />
            {groups.map((group, index) => (
              <div key={`g${index}`} data-testid="report-table-group" style={{ ...head, textAlign: 'center', gridColumn: `span ${group.span}` }}>
                {group.text}
              </div>
            ))}
          </>
        )}
        <div style={{ ...head, textAlign: 'left' }}>{table.rowHeader}</div>
        {columns.map((column) => (
          <div key={column.key} style={head} title={columnTitle(column)}>
            {columnTitle(column)}
          </div>
        ))}
      </div>
      <div data-testid="report-table-body" style={{ ...grid, flex: 1, alignContent: 'start', overflow: 'hidden' }}>
        {shown.map((row, index) => rowCells(row, page * layout.rowsPerPage + index, 'report-table-row'))}
      </div>
      {totals.length > 0 && (
        <div style={{ ...grid, borderTop: `2px solid ${palette.axisLine}`, flexShrink: 0, overflow: 'hidden' }}>
          {totals.map((row, index) => rowCells(row, index, 'report-table-total'))}
        </div>
      )}
    </div>
  );
}

export default observer(ReportTableWidget);
