import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { BalanceResult } from '@shared/schemas/energy';
import { EnergyFigure } from '../shared/EnergyTableCell';
import { shareOfParent } from './balanceSeries';

type Part = BalanceResult['parts'][number];

/** What "children" is made of: the child departments and the department's own sub-meters, largest first. */
export function BalanceParts({ balance, loading }: { balance: BalanceResult | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const parent = balance?.totals.parent ?? 0;
  const rows = [...(balance?.parts ?? [])].sort((a, b) => b.total - a.total);
  const columns: TableColumnsType<Part> = [
    {
      key: 'kind',
      title: t('analysis.balance.kind'),
      width: 140,
      render: (_, part) => <Tag color={part.kind === 'department' ? 'blue' : 'green'}>{t(`analysis.balance.kinds.${part.kind}`)}</Tag>,
    },
    { key: 'name', title: t('analysis.balance.part'), dataIndex: 'name' },
    {
      key: 'total',
      title: t('analysis.balance.energy', { unit: balance?.unit ?? '' }),
      align: 'right',
      render: (_, part) => <EnergyFigure value={part.total} testId={`balance-part-${part.kind}-${part.id}`} />,
    },
    ...(balance?.hasMainMeter
      ? [
          {
            key: 'share',
            title: t('analysis.balance.shareOfParent'),
            align: 'right' as const,
            render: (_: unknown, part: Part) => `${withThousands(shareOfParent(part.total, parent) * 100, 1)}%`,
          },
        ]
      : []),
  ];
  return (
    <Table<Part>
      rowKey={(part) => `${part.kind}-${part.id}`}
      size="small"
      data-testid="balance-parts"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('analysis.balance.noParts') }}
    />
  );
}
