import { Select, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnergyApi } from '@shared/api/energyApi';
import { formatDateTime, formatQuantity } from '@shared/format';
import { QUARANTINE_STATES, type QuarantineItem, type QuarantineResolve, type QuarantineState } from '@shared/schemas/energy';
import { useNotify } from '../../feedback/notify';
import { ResourceOptions } from '../../resources/ResourceOptions';
import { useStores } from '../../stores/StoreContext';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { AuditDrawer } from './AuditDrawer';
import { QuarantineRowActions } from './QuarantineRowActions';
import { QuarantineStatusTag } from './QuarantineStatusTag';
import { claimedEnergy, limitEnergy, overLimitFactor, registerStepText } from './quarantineFigures';

export const CHECK_MENU = '/base/check';
const METER_PICKER = [{ ref: 'meters' }];
const muted = { fontSize: 12 } as const;

type QuarantineFilters = { status?: QuarantineState | undefined; meterId?: number | undefined };

/** Implausible register steps held for an operator: pending by default, each one accepted, corrected or discarded. */
export const QuarantineTab = observer(function QuarantineTab({ api }: { api: EnergyApi }) {
  const root = useStores();
  const { t } = useTranslation();
  const notify = useNotify();
  const [list] = useState(() => new PagedQuery<QuarantineFilters, QuarantineItem>((query) => api.quarantine(query), { status: 'pending' }));
  const [meters] = useState(() => new ResourceOptions(root.http));
  const [auditOf, setAuditOf] = useState<QuarantineItem | null>(null);
  const canResolve = root.permission.hasButton(CHECK_MENU, 'edit');

  useEffect(() => {
    void list.load();
    void meters.load(METER_PICKER);
  }, [list, meters]);

  const resolve = (item: QuarantineItem, body: QuarantineResolve): Promise<boolean> =>
    list.change(async () => {
      const resolved = await api.resolveQuarantine(item._id, body);
      const counted = body.action === 'accept' ? item.energy : (resolved.correctedEnergy ?? body.energy ?? 0);
      notify.success(t(`dataQuality.resolved.${body.action}`, { code: item.meter.code, energy: formatQuantity(counted, item.meter.unit) }));
    });

  const columns: TableColumnsType<QuarantineItem> = [
    {
      key: 'meter',
      title: t('dataQuality.columns.meter'),
      render: (_, item) => (
        <div>
          <Typography.Text strong>{item.meter.code}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', ...muted }}>
            {item.meter.name}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'period',
      title: t('dataQuality.columns.period'),
      render: (_, item) => (
        <div>
          <DateTimeText at={item.fromTs} />
          <Typography.Text type="secondary" style={{ display: 'block', ...muted }}>
            → <DateTimeText at={item.toTs} />
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'energy',
      title: t('dataQuality.columns.energy'),
      align: 'right',
      render: (_, item) => (
        <div style={{ whiteSpace: 'nowrap' }} data-testid={`quarantine-energy-${item._id}`}>
          <Typography.Text type="danger" strong>
            {claimedEnergy(item)}
          </Typography.Text>{' '}
          <Typography.Text type="secondary" style={muted}>
            {overLimitFactor(item)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', ...muted }}>
            {t('dataQuality.columns.limitOf', { limit: limitEnergy(item) })}
          </Typography.Text>
        </div>
      ),
    },
    {
      key: 'register',
      title: t('dataQuality.columns.register'),
      align: 'right',
      render: (_, item) => <span style={{ whiteSpace: 'nowrap' }}>{registerStepText(item)}</span>,
    },
    {
      key: 'status',
      title: t('dataQuality.columns.status'),
      render: (_, item) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <QuarantineStatusTag status={item.status} />
          {item.status === 'corrected' && item.correctedEnergy !== null && (
            <Typography.Text type="secondary" style={{ display: 'block', ...muted }}>
              {t('dataQuality.columns.counted', { energy: formatQuantity(item.correctedEnergy, item.meter.unit) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'resolved',
      title: t('dataQuality.columns.resolved'),
      render: (_, item) =>
        item.resolvedAt === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <div>
            <div>{item.resolvedBy ?? t('dataQuality.audit.system')}</div>
            <Typography.Text type="secondary" style={muted}>
              <DateTimeText at={item.resolvedAt} />
            </Typography.Text>
          </div>
        ),
    },
    { key: 'note', title: t('dataQuality.columns.note'), render: (_, item) => <CutText text={item.note} rows={2} maxWidth={220} /> },
    {
      key: 'actions',
      title: t('dataQuality.columns.actions'),
      render: (_, item) => (
        <QuarantineRowActions item={item} canResolve={canResolve} onResolve={(body) => resolve(item, body)} onAudit={() => setAuditOf(item)} />
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('dataQuality.quarantine.intro')}</Typography.Paragraph>
      <ListToolbar
        list={list}
        testId="quarantine"
        filters={
          <>
            <Select<QuarantineState>
              allowClear
              style={{ width: 180 }}
              placeholder={t('dataQuality.quarantine.anyStatus')}
              value={list.filters.status}
              options={QUARANTINE_STATES.map((state) => ({ value: state, label: t(`dataQuality.states.${state}`) }))}
              onChange={(status) => void list.setFilter('status', status)}
              data-testid="quarantine-filter-status"
            />
            <Select<number>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 260 }}
              placeholder={t('dataQuality.quarantine.anyMeter')}
              value={list.filters.meterId}
              options={meters.of('meters').map((meter) => ({ value: meter.id, label: meter.name }))}
              onChange={(meterId) => void list.setFilter('meterId', meterId)}
              data-testid="quarantine-filter-meter"
            />
          </>
        }
      />
      <ListTable<QuarantineItem>
        list={list}
        rowKey="_id"
        testId="quarantine-table"
        columns={columns}
        emptyText={t(list.filters.status === 'pending' ? 'dataQuality.quarantine.nonePending' : 'dataQuality.quarantine.none')}
        totalText={(total) => t('dataQuality.total', { total })}
      />
      {auditOf && (
        <AuditDrawer
          api={api}
          entity="quarantine"
          entityId={auditOf._id}
          title={t('dataQuality.audit.title', { code: auditOf.meter.code, from: formatDateTime(auditOf.fromTs) })}
          onClose={() => setAuditOf(null)}
        />
      )}
    </>
  );
});
