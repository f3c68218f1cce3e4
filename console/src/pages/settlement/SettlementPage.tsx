import { Alert, Button, Card, DatePicker, Empty, Popconfirm, Segmented, Select, Space, Spin, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompareMode, SettlementBy, SettlementClose } from '@shared/schemas/settlement';
import { useNotify } from '../../feedback/notify';
import { usePermission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { useDepartmentTree } from '../analysis/shared/useDepartmentTree';
import { useEnergyQuery } from '../analysis/shared/useEnergyQuery';
import { ApportionRulesDialog } from './ApportionRulesDialog';
import { ReopenDialog } from './ReopenDialog';
import { createSettlementApi, type SettlementQueryParams } from './settlementApi';
import { SettlementTable } from './SettlementTable';
import { VersionsDrawer } from './VersionsDrawer';
import styles from './settlement.module.css';

export const SETTLEMENT_MENU = '/settlement/energy';

interface Period {
  kind: 'month' | 'range';
  month: Dayjs;
  range: [Dayjs, Dayjs];
}

const lastMonth = () => dayjs().subtract(1, 'month').startOf('month');

/** /settlement/energy (per department) and /settlement/energyDevice (per meter): a month or a range, per energy type. */
export function SettlementPage({ by }: { by: SettlementBy }) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createSettlementApi(root.http), [root.http]);
  const notify = useNotify();
  const can = usePermission(SETTLEMENT_MENU);
  const departments = useDepartmentTree();
  const [period, setPeriod] = useState<Period>(() => ({ kind: 'month', month: lastMonth(), range: [lastMonth(), lastMonth().endOf('month')] }));
  const [departmentIds, setDepartmentIds] = useState<number[]>([]);
  const [compare, setCompare] = useState<CompareMode | 'off'>('off');
  const [reload, setReload] = useState(0);
  const [reopening, setReopening] = useState<SettlementClose | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [closing, setClosing] = useState(false);

  const month = period.kind === 'month' ? period.month.format('YYYY-MM') : null;
  const query: SettlementQueryParams = {
    by,
    ...(month ? { month } : { from: period.range[0].format('YYYY-MM-DD'), to: period.range[1].format('YYYY-MM-DD') }),
    ...(departmentIds.length ? { departmentIds } : {}),
    ...(compare !== 'off' ? { compare } : {}),
  };
  const figures = useEnergyQuery(JSON.stringify({ ...query, reload }), () => api.figures(query));
  const closes = useEnergyQuery(month ? `closes-${month}-${reload}` : null, () => api.closes(month ?? undefined));
  const current = closes.data?.find((close) => close.state === 'closed') ?? null;
  const data = figures.data;

  const closeMonth = async () => {
    if (!month) return;
    setClosing(true);
    try {
      await api.close(month);
      notify.success(t('settlement.close.done'));
      setReload((n) => n + 1);
    } catch {
      // the http client has shown the server's message
    } finally {
      setClosing(false);
    }
  };

  const nextVersion = (closes.data?.[0]?.version ?? 0) + 1;
  return (
    <div className={styles.page} data-testid={`settlement-page-${by}`}>
      <Card size="small">
        <div className={styles.toolbar}>
          <Segmented<'month' | 'range'>
            value={period.kind}
            onChange={(kind) => setPeriod({ ...period, kind })}
            options={[
              { value: 'month', label: t('settlement.period.month') },
              { value: 'range', label: t('settlement.period.range') },
            ]}
            data-testid="settlement-period-kind"
          />
          {period.kind === 'month' ? (
            <DatePicker
              picker="month"
              value={period.month}
              allowClear={false}
              onChange={(value) => value && setPeriod({ ...period, month: value.startOf('month') })}
              data-testid="settlement-month"
            />
          ) : (
            <DatePicker.RangePicker
              value={period.range}
              allowClear={false}
              onChange={(range) => range?.[0] && range[1] && setPeriod({ ...period, range: [range[0], range[1]] })}
              data-testid="settlement-range"
            />
          )}
          <TreeSelect
            style={{ minWidth: 200, maxWidth: 320 }}
            treeData={departments.options}
            value={departmentIds}
            onChange={(value: number[]) => setDepartmentIds(value)}
            multiple
            allowClear
            treeDefaultExpandAll
            maxTagCount="responsive"
            placeholder={t('settlement.period.allDepartments')}
            data-testid="settlement-departments"
          />
          <Select<CompareMode | 'off'>
            style={{ minWidth: 170 }}
            value={compare}
            onChange={setCompare}
            options={[
              { value: 'off', label: t('settlement.period.compareOff') },
              { value: 'previous', label: t('settlement.period.previous') },
              { value: 'lastYear', label: t('settlement.period.lastYear') },
            ]}
            data-testid="settlement-compare"
          />
          <Space className={styles.toolbarActions} wrap>
            {by === 'department' && can('edit') && (
              <Button onClick={() => setRulesOpen(true)} data-testid="settlement-rules">
                {t('settlement.rules.button')}
              </Button>
            )}
            {month && (
              <Button onClick={() => setVersionsOpen(true)} data-testid="settlement-versions">
                {t('settlement.close.versions')}
              </Button>
            )}
            {month && current && can('edit') && (
              <Button danger onClick={() => setReopening(current)} data-testid="settlement-reopen">
                {t('settlement.close.reopen')}
              </Button>
            )}
            {month && !current && can('add') && (
              <Popconfirm title={t('settlement.close.closeConfirm', { month, version: nextVersion })} onConfirm={() => void closeMonth()}>
                <Button type="primary" loading={closing} data-testid="settlement-close">
                  {t('settlement.close.closeMonth')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </div>
      </Card>
      {data?.closed && (
        <Alert
          type="info"
          showIcon
          data-testid="settlement-closed"
          title={t('settlement.close.closed', {
            month: data.closed.month,
            version: data.closed.version,
            by: data.closed.closedBy ?? '–',
            at: dayjs(data.closed.closedAt).format('YYYY-MM-DD HH:mm'),
          })}
        />
      )}
      {data?.compare && <Alert type="success" showIcon title={t('settlement.period.basePeriod', { from: data.compare.from, to: data.compare.to })} />}
      {figures.loading && !data && (
        <Card size="small">
          <Spin />
        </Card>
      )}
      {figures.failed && <Alert type="error" title={t('settlement.error')} />}
      {data && data.totals.length === 0 && (
        <Card size="small">
          <Empty description={t('settlement.table.empty')} />
        </Card>
      )}
      {data?.totals.map((total) => (
        <Card
          key={total.energyType}
          size="small"
          title={t(`settlement.energyTypes.${total.energyType}`, { defaultValue: total.energyType })}
          loading={figures.loading && !data}
        >
          <SettlementTable lines={data.lines.filter((line) => line.energyType === total.energyType)} total={total} by={by} compare={Boolean(data.compare)} />
        </Card>
      ))}
      {reopening && (
        <ReopenDialog
          close={reopening}
          api={api}
          onClose={(changed) => {
            setReopening(null);
            if (changed) setReload((n) => n + 1);
          }}
        />
      )}
      {versionsOpen && month && <VersionsDrawer month={month} api={api} onClose={() => setVersionsOpen(false)} reload={reload} />}
      {rulesOpen && (
        <ApportionRulesDialog
          api={api}
          departments={departments.nodes}
          onClose={(changed) => {
            setRulesOpen(false);
            if (changed) setReload((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

export function SettlementEnergyPage() {
  return <SettlementPage by="department" />;
}

export function SettlementDevicePage() {
  return <SettlementPage by="meter" />;
}
