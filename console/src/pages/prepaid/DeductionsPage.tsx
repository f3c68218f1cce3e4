import { Card, DatePicker, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeductionHour } from '@shared/prepaid/types';
import { formatDateTime } from '@shared/format';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { energyMilliText, moneyText } from './moneyInput';
import type { DeductionFilters } from './prepaidApi';
import { usePrepaidApi } from './usePrepaidApi';

const hourText = (at: number) => formatDateTime(at).slice(0, 16);
const rowKey = (hour: DeductionHour) => `${hour.accountId}:${hour.hourStart}`;

/** The lines of one charged hour: per item and band, adjustments included. */
function HourLines({ hour }: { hour: DeductionHour }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(line) => `${line.itemId ?? 'x'}:${line.band ?? ''}:${line.kind}:${line.amountMinor}`}
      dataSource={hour.lines}
      data-testid={`prepaid-deduction-lines-${rowKey(hour)}`}
      columns={[
        { key: 'item', title: t('prepaid.deductions.line'), render: (_, line) => line.itemName ?? '–' },
        { key: 'kind', title: t('prepaid.deductions.kind'), render: (_, line) => t(`prepaid.entryKinds.${line.kind}`) },
        { key: 'band', title: t('prepaid.deductions.band'), render: (_, line) => (line.band ? t(`settlement.bands.${line.band}`) : '–') },
        {
          key: 'energy',
          title: t('prepaid.deductions.energy'),
          align: 'right',
          render: (_, line) => (line.energyMilli === null ? '–' : energyMilliText(line.energyMilli)),
        },
        { key: 'amount', title: t('prepaid.deductions.amount'), align: 'right', render: (_, line) => moneyText(-line.amountMinor) },
      ]}
    />
  );
}

/**
 * /pay/power-hour-record: the charged room-hours, newest first (GET /api/prepaid/deductions), with the hour's energy,
 * amount and adjustments; a row opens its lines per item and band. Amounts are shown as charged (positive).
 */
export const DeductionsPage = observer(function DeductionsPage() {
  const { t } = useTranslation();
  const api = usePrepaidApi();
  const [list] = useState(
    () =>
      new PagedQuery<DeductionFilters, DeductionHour>(
        (query) => api.deductions(query),
        {},
        () => 0,
      ),
  );
  useEffect(() => void list.load(), [list]);
  const range: [Dayjs, Dayjs] | null = list.filters.from && list.filters.to ? [dayjs(list.filters.from), dayjs(list.filters.to)] : null;

  const columns: TableColumnsType<DeductionHour> = [
    { key: 'hour', title: t('prepaid.deductions.hour'), render: (_, hour) => hourText(hour.hourStart) },
    {
      key: 'room',
      title: t('prepaid.deductions.room'),
      render: (_, hour) => (
        <>
          {hour.roomCode}
          {hour.memberName && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {hour.memberName}
            </Typography.Text>
          )}
        </>
      ),
    },
    { key: 'energy', title: t('prepaid.deductions.energy'), align: 'right', render: (_, hour) => energyMilliText(hour.energyMilli) },
    {
      key: 'amount',
      title: t('prepaid.deductions.amount'),
      align: 'right',
      render: (_, hour) => <span data-testid={`prepaid-deduction-amount-${rowKey(hour)}`}>{moneyText(-hour.amountMinor)}</span>,
    },
    { key: 'adjustments', title: t('prepaid.deductions.adjustments'), align: 'right', dataIndex: 'adjustments' },
    { key: 'chargedAt', title: t('prepaid.deductions.chargedAt'), render: (_, hour) => <DateTimeText at={hour.chargedAt} /> },
  ];

  return (
    <Card title={t('prepaid.deductions.title')} data-testid="prepaid-deductions-page">
      <ListToolbar
        list={list}
        testId="prepaid-deductions"
        searchPlaceholder={t('prepaid.deductions.search')}
        filters={
          <DatePicker.RangePicker
            showTime={{ format: 'HH:00' }}
            format="YYYY-MM-DD HH:00"
            value={range}
            aria-label={t('prepaid.deductions.range')}
            data-testid="prepaid-deductions-range"
            onChange={(value) =>
              void list.setFilters({
                ...list.filters,
                from: value?.[0]?.startOf('hour').valueOf(),
                to: value?.[1]?.startOf('hour').valueOf(),
              })
            }
          />
        }
      />
      <ListTable
        list={list}
        rowKey={rowKey}
        columns={columns}
        testId="prepaid-deductions-table"
        totalText={(total, count) => t('prepaid.deductions.total', { total, count })}
        expandable={{ expandedRowRender: (hour) => <HourLines hour={hour} />, rowExpandable: (hour) => hour.lines.length > 0 }}
        rowAttributes={(hour) => ({ 'data-testid': `prepaid-deduction-row-${rowKey(hour)}` })}
      />
    </Card>
  );
});
