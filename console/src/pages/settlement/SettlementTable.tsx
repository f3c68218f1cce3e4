import { Table, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BAND_COLOURS, BAND_TYPES, type BandType } from '@shared/tariffs/bands';
import type { SettlementBandCell, SettlementLine, SettlementTotal } from '@shared/schemas/settlement';
import { energyDelta, energyText, moneyDelta, moneyText, priceText, shareText } from './settlementFormat';
import styles from './settlement.module.css';

const INDENT_PX = 16;

interface SettlementTableProps {
  lines: SettlementLine[];
  total: SettlementTotal;
  by: 'department' | 'meter';
  compare: boolean;
}

/** One energy type's settlement: a line per department or meter, per band energy / price / cost, totals row. */
export function SettlementTable({ lines, total, by, compare }: SettlementTableProps) {
  const { t } = useTranslation();
  const unit = { unit: total.unit };
  const bands = BAND_TYPES.filter(
    (band) => total.bands.some((cell) => cell.band === band) || lines.some((line) => line.bands.some((cell) => cell.band === band)),
  );
  const depthOf = depthIndex(lines);
  const num = (text: string, testId?: string) => (
    <span className={styles.numeric} data-testid={testId}>
      {text}
    </span>
  );
  const estimatedMark = (estimated: number) =>
    estimated > 0 ? (
      <Tooltip title={t('settlement.table.estimatedPart', { value: energyText(estimated), unit: total.unit })}>
        <span className={styles.estimated} aria-label={t('settlement.table.estimatedMark')}>
          *
        </span>
      </Tooltip>
    ) : null;
  const cellOf = (row: SettlementLine | SettlementTotal, band: BandType): SettlementBandCell | undefined => row.bands.find((cell) => cell.band === band);
  const rowKey = (row: SettlementLine) => row.key;

  const bandColumns = bands.map((band) => ({
    key: band,
    title: (
      <span className={styles.bandTitle}>
        <span className={styles.bandSwatch} style={{ background: BAND_COLOURS[band] }} />
        {t(`settlement.bands.${band}`)}
      </span>
    ),
    onHeaderCell: () => ({ style: { borderTop: `3px solid ${BAND_COLOURS[band]}` } }),
    children: [
      {
        key: `${band}-energy`,
        title: t('settlement.columns.energy', unit),
        align: 'right' as const,
        width: 110,
        render: (_: unknown, row: SettlementLine) => {
          const cell = cellOf(row, band);
          return cell ? (
            <>
              {num(energyText(cell.energy))}
              {estimatedMark(cell.estimated)}
            </>
          ) : (
            <span className={styles.muted}>–</span>
          );
        },
      },
      {
        key: `${band}-price`,
        title: t('settlement.columns.price'),
        align: 'right' as const,
        width: 84,
        render: (_: unknown, row: SettlementLine) => {
          const cell = cellOf(row, band);
          if (!cell) return <span className={styles.muted}>–</span>;
          const text = num(priceText(cell.priceMicro));
          return cell.mixedPrices ? <Tooltip title={t('settlement.table.mixedPrice')}>≈{text}</Tooltip> : text;
        },
      },
      {
        key: `${band}-cost`,
        title: t('settlement.columns.cost'),
        align: 'right' as const,
        width: 100,
        render: (_: unknown, row: SettlementLine) => {
          const cell = cellOf(row, band);
          return cell ? num(moneyText(cell.costMinor)) : <span className={styles.muted}>–</span>;
        },
      },
    ],
  }));

  const apportionTip = (line: SettlementLine): ReactNode =>
    line.apportioned.items.map((item) => (
      <div key={`${item.ruleId}-${item.direction}`}>
        {item.direction === 'out'
          ? t('settlement.table.gave', { energy: energyText(-item.energy), unit: line.unit })
          : t('settlement.table.received', { share: shareText(item.share), source: item.sourceName, method: t(`settlement.methods.${item.method}`) })}
      </div>
    ));

  const columns: TableColumnsType<SettlementLine> = [
    {
      key: 'name',
      title: by === 'department' ? t('settlement.columns.department') : t('settlement.columns.meter'),
      fixed: 'left',
      width: 200,
      render: (_, line) => (
        <div className={styles.lineName} style={{ paddingLeft: (depthOf.get(line.key) ?? 0) * INDENT_PX }} data-testid={`settlement-line-${line.code}`}>
          <span>
            {line.nested ? (
              <Tooltip title={t(line.scope === 'meter' ? 'settlement.table.nestedMeterHint' : 'settlement.table.nestedHint')}>{line.name}</Tooltip>
            ) : (
              <strong>{line.name}</strong>
            )}
            {estimatedMark(line.estimated)}
          </span>
          <span className={styles.lineCode}>{line.code}</span>
        </div>
      ),
    },
    ...bandColumns,
    {
      key: 'unpriced',
      title: t('settlement.columns.unpriced', unit),
      align: 'right',
      width: 110,
      render: (_, line) => num(energyText(line.unpricedEnergy)),
    },
    { key: 'tier', title: t('settlement.columns.tier'), align: 'right', width: 100, render: (_, line) => num(moneyText(line.tier.costMinor)) },
    {
      key: 'apportioned',
      title: t('settlement.columns.apportioned'),
      children: [
        {
          key: 'apportioned-energy',
          title: t('settlement.columns.energy', unit),
          align: 'right',
          width: 110,
          render: (_, line) =>
            line.apportioned.items.length ? (
              <Tooltip title={apportionTip(line)}>{num(energyText(line.apportioned.energy), `apportioned-${line.code}`)}</Tooltip>
            ) : (
              num(energyText(0))
            ),
        },
        {
          key: 'apportioned-cost',
          title: t('settlement.columns.cost'),
          align: 'right',
          width: 100,
          render: (_, line) => num(moneyText(line.apportioned.costMinor)),
        },
      ],
    },
    // The totals (and the change) stay in view on the right while the band columns scroll under them.
    {
      key: 'total',
      title: t('settlement.columns.total'),
      fixed: 'right',
      children: [
        {
          key: 'total-energy',
          title: t('settlement.columns.energy', unit),
          align: 'right',
          fixed: 'right',
          width: 116,
          render: (_, line) => <strong>{num(energyText(line.totalEnergy))}</strong>,
        },
        {
          key: 'total-cost',
          title: t('settlement.columns.cost'),
          align: 'right',
          fixed: 'right',
          width: 110,
          render: (_, line) => <strong>{num(moneyText(line.totalCostMinor), `total-cost-${line.code}`)}</strong>,
        },
      ],
    },
    ...(compare
      ? [
          {
            key: 'delta',
            title: t('settlement.columns.delta'),
            fixed: 'right' as const,
            children: [
              {
                key: 'delta-energy',
                title: t('settlement.columns.energy', unit),
                align: 'right' as const,
                fixed: 'right' as const,
                width: 110,
                render: (_: unknown, line: SettlementLine) => deltaCell(line.base?.deltaEnergy ?? 0, energyDelta(line.base?.deltaEnergy ?? 0)),
              },
              {
                key: 'delta-cost',
                title: t('settlement.columns.cost'),
                align: 'right' as const,
                fixed: 'right' as const,
                width: 110,
                render: (_: unknown, line: SettlementLine) => deltaCell(line.base?.deltaCostMinor ?? 0, moneyDelta(line.base?.deltaCostMinor ?? 0)),
              },
            ],
          },
        ]
      : []),
  ];

  const summaryCells: ReactNode[] = [
    <strong key="name">{t('settlement.columns.total')}</strong>,
    ...bands.flatMap((band) => {
      const cell = cellOf(total, band);
      return [
        <>
          {num(energyText(cell?.energy ?? 0))}
          {estimatedMark(cell?.estimated ?? 0)}
        </>,
        num(cell ? priceText(cell.mixedPrices ? null : cell.priceMicro) : '–'),
        num(moneyText(cell?.costMinor ?? 0)),
      ];
    }),
    num(energyText(total.unpricedEnergy)),
    num(moneyText(total.tierCostMinor)),
    num(energyText(total.apportionedEnergy)),
    num(moneyText(total.apportionedCostMinor)),
    <strong key="te">{num(energyText(total.totalEnergy))}</strong>,
    <strong key="tc">{num(moneyText(total.totalCostMinor), `total-cost-${total.energyType}`)}</strong>,
    ...(compare
      ? [
          deltaCell(total.base?.deltaEnergy ?? 0, energyDelta(total.base?.deltaEnergy ?? 0)),
          deltaCell(total.base?.deltaCostMinor ?? 0, moneyDelta(total.base?.deltaCostMinor ?? 0)),
        ]
      : []),
  ];

  return (
    <Table<SettlementLine>
      rowKey={rowKey}
      size="small"
      bordered
      data-testid={`settlement-table-${total.energyType}`}
      columns={columns}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
      summary={() => (
        <Table.Summary fixed="bottom">
          <Table.Summary.Row data-testid={`settlement-totals-${total.energyType}`}>
            {summaryCells.map((cell, index) => (
              <Table.Summary.Cell key={index} index={index} align={index === 0 ? 'left' : 'right'}>
                {cell}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}

function deltaCell(value: number, text: string) {
  return <span className={`${styles.numeric} ${value > 0 ? styles.up : value < 0 ? styles.down : ''}`}>{text}</span>;
}

/** Indent of each line: how many of its ancestors (by parentId) are lines of the table too. */
function depthIndex(lines: SettlementLine[]): Map<string, number> {
  const byId = new Map<number, SettlementLine>();
  for (const line of lines) if (line.scope === 'department') byId.set(line.id, line);
  const depth = new Map<string, number>();
  for (const line of lines) {
    if (line.scope !== 'department' || !line.nested) {
      depth.set(line.key, 0);
      continue;
    }
    let d = 0;
    let parent = line.parentId;
    const seen = new Set<number>();
    while (parent !== null && !seen.has(parent)) {
      seen.add(parent);
      if (byId.has(parent)) d += 1;
      parent = byId.get(parent)?.parentId ?? null;
    }
    depth.set(line.key, d);
  }
  return depth;
}
