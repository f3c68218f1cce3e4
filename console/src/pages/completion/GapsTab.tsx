import { Button, DatePicker, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataGap } from '@shared/schemas/completion';
import { DateTimeText } from '../../lists/DateTimeText';
import { Gate } from '../../lists/Gate';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import type { ResourceOptions } from '../../resources/ResourceOptions';
import { CompleteDialog } from './CompleteDialog';
import type { CompletionApi } from './completionApi';
import { COMPLETION_GATE } from './completionGate';
import { energyText } from './completionFormat';

const DAY_MS = 86_400_000;
const muted = { display: 'block', fontSize: 12 } as const;

/** The gap list: one meter or all, over a range (the last 7 days at first). */
export class GapList {
  rows: DataGap[] = [];
  loading = false;
  meterId: number | undefined = undefined;
  from = dayjs().subtract(7, 'day').startOf('day').valueOf();
  to = Date.now();

  constructor(private readonly api: CompletionApi) {
    makeAutoObservable<GapList, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      const rows = await this.api.gaps({ ...(this.meterId ? { meterId: this.meterId } : {}), from: this.from, to: this.to });
      runInAction(() => (this.rows = rows));
    } catch {
      // The api hook said why; the rows shown stay.
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  setMeter(meterId: number | undefined): void {
    this.meterId = meterId;
    void this.load();
  }

  setRange(from: number, to: number): void {
    this.from = from;
    this.to = Math.min(to, from + 92 * DAY_MS);
    void this.load();
  }
}

/** Gaps in the register readings, each completed by a method in a dialog (button `add`). */
export const GapsTab = observer(function GapsTab({ api, meters, onCompleted }: { api: CompletionApi; meters: ResourceOptions; onCompleted(): void }) {
  const { t } = useTranslation();
  const [list] = useState(() => new GapList(api));
  const [completing, setCompleting] = useState<DataGap | null>(null);
  useEffect(() => void list.load(), [list]);

  const columns: TableColumnsType<DataGap> = [
    {
      key: 'meter',
      title: t('completion.columns.meter'),
      render: (_, gap) => (
        <div>
          <Typography.Text strong>{gap.meterCode}</Typography.Text>
          <Typography.Text type="secondary" style={muted}>
            {gap.meterName}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'stretch',
      title: t('completion.columns.stretch'),
      render: (_, gap) => (
        <div>
          <DateTimeText at={gap.from} /> → <DateTimeText at={gap.to} />
          <Typography.Text type="secondary" style={muted}>
            {gap.open ? t('completion.gaps.open') : t('completion.gaps.closed')} <DateTimeText at={gap.readingFrom} />
            {gap.readingTo !== null && (
              <>
                {' '}
                → <DateTimeText at={gap.readingTo} />
              </>
            )}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'intervals', title: t('completion.columns.intervals'), align: 'right', render: (_, gap) => gap.intervals },
    {
      key: 'energy',
      title: t('completion.columns.energy'),
      align: 'right',
      render: (_, gap) => <span style={{ whiteSpace: 'nowrap' }}>{energyText(gap.energy, gap.unit)}</span>,
    },
    {
      key: 'state',
      title: t('completion.columns.state'),
      render: (_, gap) =>
        gap.completedBy ? (
          <Tag color="purple">{t('completion.gaps.completedBy', { id: gap.completedBy })}</Tag>
        ) : (
          <Tag color={gap.open ? 'orange' : 'default'}>{t('completion.gaps.notCompleted')}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t('completion.columns.actions'),
      render: (_, gap) =>
        gap.completedBy ? null : (
          <Gate gate={COMPLETION_GATE} button="add">
            <Button type="link" size="small" onClick={() => setCompleting(gap)} data-testid={`gap-complete-${gap.meterId}-${gap.from}`}>
              {t('completion.gaps.complete')}
            </Button>
          </Gate>
        ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('completion.gaps.intro')}</Typography.Paragraph>
      <ListToolbar
        list={list}
        testId="gaps"
        filters={
          <>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              placeholder={t('completion.anyMeter')}
              value={list.meterId}
              options={meters.of('meters').map((meter) => ({ value: meter.id, label: meter.name }))}
              onChange={(meterId) => list.setMeter(meterId)}
              data-testid="gaps-filter-meter"
            />
            <DatePicker.RangePicker
              allowClear={false}
              value={[dayjs(list.from), dayjs(list.to)]}
              onChange={(dates) => {
                const [start, end] = dates ?? [];
                if (start && end) list.setRange(start.startOf('day').valueOf(), Math.min(Date.now(), end.endOf('day').valueOf()));
              }}
              data-testid="gaps-filter-range"
            />
          </>
        }
      />
      <ListTable<DataGap>
        rows={list.rows}
        loading={list.loading}
        clientPageSize={20}
        rowKey={(gap) => `${gap.meterId}-${gap.from}`}
        testId="gaps-table"
        columns={columns}
        emptyText={t('completion.gaps.none')}
        totalText={(total) => t('completion.total', { total })}
      />
      {completing && (
        <CompleteDialog
          api={api}
          gap={completing}
          onClose={() => setCompleting(null)}
          onDone={() => {
            setCompleting(null);
            void list.load();
            onCompleted();
          }}
        />
      )}
    </>
  );
});
