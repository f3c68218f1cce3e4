import { DatePicker, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import { COMPLETION_INTERVAL_MS, COMPLETION_STATES, type CompletionState, type DataCompletion } from '@shared/schemas/completion';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import type { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import type { ResourceOptions } from '../../resources/ResourceOptions';
import type { CompletionApi } from './completionApi';
import { COMPLETION_GATE } from './completionGate';
import { energyText } from './completionFormat';

export type HistoryFilters = { meterId?: number | undefined; state?: CompletionState | undefined; from?: number | undefined; to?: number | undefined };
const muted = { display: 'block', fontSize: 12 } as const;
const STATE_COLOURS: Record<CompletionState, string> = { active: 'purple', undone: 'default', replaced: 'green' };

/** Every completion: who, when, method, quarters, energy before → after, state; undo (button `delete`) with a confirm. */
export const HistoryTab = observer(function HistoryTab({
  api,
  list,
  meters,
}: {
  api: CompletionApi;
  list: PagedQuery<HistoryFilters, DataCompletion>;
  meters: ResourceOptions;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  useEffect(() => void list.load(), [list]);

  const undo = (completion: DataCompletion) =>
    void list.change(async () => {
      await api.undo(completion._id);
      notify.success(t('completion.history.undone', { code: completion.meter.code }));
    });

  const columns: TableColumnsType<DataCompletion> = [
    {
      key: 'meter',
      title: t('completion.columns.meter'),
      render: (_, c) => (
        <div>
          <Typography.Text strong>{c.meter.code}</Typography.Text>
          <Typography.Text type="secondary" style={muted}>
            {c.meter.name}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'stretch',
      title: t('completion.columns.stretch'),
      render: (_, c) => (
        <div>
          <DateTimeText at={c.from} />
          <Typography.Text type="secondary" style={muted}>
            → <DateTimeText at={c.to} /> · {t('completion.gaps.quarters', { count: (c.to - c.from) / COMPLETION_INTERVAL_MS })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'method',
      title: t('completion.columns.method'),
      render: (_, c) => (
        <div>
          {t(`completion.methods.${c.method}`)}
          {c.note && <CutText text={c.note} maxWidth={180} type="secondary" />}
        </div>
      ),
    },
    {
      key: 'change',
      title: t('completion.columns.change'),
      align: 'right',
      render: (_, c) => (
        <span data-testid={`completion-change-${c._id}`}>
          <span style={{ whiteSpace: 'nowrap' }}>{energyText(c.energyBefore, c.meter.unit)}</span> →{' '}
          <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
            {energyText(c.energyAfter, c.meter.unit)}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'state',
      title: t('completion.columns.state'),
      render: (_, c) => (
        <div>
          <Tag color={STATE_COLOURS[c.state]} data-testid={`completion-state-${c._id}`}>
            {t(`completion.states.${c.state}`)}
          </Tag>
          {c.state === 'replaced' && c.replacedAt !== null && (
            <Typography.Text type="secondary" style={muted}>
              {t('completion.history.replacedAt', { at: formatDateTime(c.replacedAt) })}
            </Typography.Text>
          )}
          {c.state === 'undone' && (
            <Typography.Text type="secondary" style={muted}>
              {t('completion.history.undoneBy', { who: c.undoneBy ?? t('completion.history.system') })} <DateTimeText at={c.undoneAt} />
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'who',
      title: t('completion.columns.who'),
      render: (_, c) => (
        <div>
          <div>{c.createdBy ?? t('completion.history.system')}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <DateTimeText at={c.createdAt} />
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('completion.columns.actions'),
      render: (_, c) => (
        <RowActions
          gate={COMPLETION_GATE}
          actions={[
            c.state === 'active' && {
              button: 'delete',
              label: t('completion.history.undo'),
              danger: true,
              confirm: t('completion.history.undoConfirm', { count: c.intervals.length }),
              onClick: () => undo(c),
              testId: `completion-undo-${c._id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('completion.history.intro')}</Typography.Paragraph>
      <ListToolbar
        list={list}
        testId="completions"
        filters={
          <>
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 240 }}
              placeholder={t('completion.anyMeter')}
              value={list.filters.meterId}
              options={meters.of('meters').map((meter) => ({ value: meter.id, label: meter.name }))}
              onChange={(meterId) => void list.setFilter('meterId', meterId)}
              data-testid="completions-filter-meter"
            />
            <Select<CompletionState>
              allowClear
              style={{ width: 180 }}
              placeholder={t('completion.history.anyState')}
              value={list.filters.state}
              options={COMPLETION_STATES.map((state) => ({ value: state, label: t(`completion.states.${state}`) }))}
              onChange={(state) => void list.setFilter('state', state)}
              data-testid="completions-filter-state"
            />
            <DatePicker.RangePicker
              value={list.filters.from !== undefined && list.filters.to !== undefined ? [dayjs(list.filters.from), dayjs(list.filters.to)] : null}
              onChange={(dates) => {
                const [start, end] = dates ?? [];
                void list.setFilters(
                  start && end ? { from: start.startOf('day').valueOf(), to: end.endOf('day').valueOf() } : { from: undefined, to: undefined },
                );
              }}
              data-testid="completions-filter-range"
            />
          </>
        }
      />
      <ListTable<DataCompletion>
        list={list}
        rowKey="_id"
        testId="completions-table"
        columns={columns}
        emptyText={t('completion.history.none')}
        totalText={(total) => t('completion.total', { total })}
        rowAttributes={(c) => ({ 'data-testid': `completion-row-${c._id}` })}
      />
    </>
  );
});
