import { PlayCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Input, Modal, Select, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { RECONCILIATION_KINDS, type CashUpRow, type ReconciliationDay, type ReconciliationItem } from '@shared/prepaid';
import { showServerErrors } from '../../forms/contractRules';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission, usePermission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { minorDelta, minorText, parseMinor } from '../prepaidPayments/money';
import { createPaymentStatisticsApi, type ItemFilters, type PaymentStatisticsApi } from './paymentStatisticsApi';
import styles from './paymentStatistics.module.css';

export const RECONCILIATION_MENU = '/payment-statistics/reconciliation';
const gate = { menu: RECONCILIATION_MENU };
type Tab = 'days' | 'items' | 'cashUps';

const money = (minor: number | null, testId?: string) => (
  <span className={styles.money} data-testid={testId}>
    {minor === null ? '—' : minorText(minor)}
  </span>
);

/** Resolving a difference needs a text saying how; the server keeps who and when. */
function ResolveDialog({ item, api, onClose }: { item: ReconciliationItem; api: PaymentStatisticsApi; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<{ resolution: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    setSaving(true);
    try {
      await api.resolve(item.id, fields.resolution.trim());
      notify.success(t('paymentStatistics.reconciliation.resolved'));
      onClose(true);
    } catch (error) {
      showServerErrors(t, form, error);
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      centered
      width="min(560px, 92vw)"
      mask={{ closable: false }}
      title={t('paymentStatistics.reconciliation.resolveTitle', { kind: t(`paymentStatistics.kinds.${item.kind}`), day: item.day })}
      okText={t('paymentStatistics.reconciliation.resolve')}
      cancelText={t('paymentStatistics.cancel')}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'resolve-ok' }}
      data-testid="resolve-dialog"
    >
      <Typography.Paragraph type="secondary">{item.reason}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="resolution"
          label={t('paymentStatistics.reconciliation.resolution')}
          rules={[{ required: true, whitespace: true, message: t('paymentStatistics.reconciliation.resolutionRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="resolve-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Today's (or another day's) declared cash of the signed-in operator; the answer shows the ledger's counter top-ups beside it. */
function CashUpForm({ api, onSaved }: { api: PaymentStatisticsApi; onSaved(row: CashUpRow): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ day: Dayjs; amount: string; note: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    const declaredMinor = parseMinor(fields.amount);
    if (declaredMinor === null) return;
    setSaving(true);
    try {
      onSaved(await api.recordCashUp({ day: fields.day.format('YYYY-MM-DD'), declaredMinor, note: (fields.note ?? '').trim() }));
      form.resetFields(['amount', 'note']);
    } catch (error) {
      showServerErrors(t, form, error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} className={styles.cashUpForm} layout="inline" initialValues={{ day: dayjs().startOf('day'), note: '' }} data-testid="cash-up-form">
      <Form.Item name="day" label={t('paymentStatistics.cashUps.day')}>
        <DatePicker allowClear={false} disabledDate={(value) => value.isAfter(dayjs(), 'day')} data-testid="cash-up-day" />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('paymentStatistics.cashUps.declared')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('paymentStatistics.cashUps.amountRequired') },
          {
            validator: async (_, value: string) => {
              if (parseMinor(value ?? '') === null) throw new Error(t('paymentStatistics.cashUps.amountInvalid'));
            },
          },
        ]}
      >
        <Input inputMode="decimal" maxLength={16} style={{ width: 140 }} placeholder="0.00" data-testid="cash-up-amount" />
      </Form.Item>
      <Form.Item name="note" label={t('paymentStatistics.cashUps.note')}>
        <Input maxLength={200} style={{ width: 200 }} data-testid="cash-up-note" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()} data-testid="cash-up-save">
        {t('paymentStatistics.cashUps.record')}
      </Button>
    </Form>
  );
}

/**
 * /payment-statistics/reconciliation: each day the provider's daily bill against the ledger's online top-ups (days,
 * run a day again), the differences as a queue (open / resolved, resolved with a text: who and when are kept), and
 * the counter's cash-ups: what each operator declares against the counter top-ups of that day.
 */
export const ReconciliationPage = observer(function ReconciliationPage() {
  const { t } = useTranslation();
  const root = useStores();
  const notify = useNotify();
  const can = usePermission(RECONCILIATION_MENU);
  const api = useMemo(() => createPaymentStatisticsApi(root.http), [root.http]);
  const [tab, setTab] = useState<Tab>('days');
  const [days] = useState(
    () =>
      new PagedQuery<object, ReconciliationDay>(
        (query) => api.days(query),
        {},
        (day) => Number(day.day.replace(/-/g, '')),
      ),
  );
  const [items] = useState(() => new PagedQuery<ItemFilters, ReconciliationItem>((query) => api.items(query), { state: 'open' }));
  const [cashUps] = useState(() => new PagedQuery<object, CashUpRow>((query) => api.cashUps(query), {}));
  const [runDay, setRunDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day').startOf('day'));
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null);
  const [lastCashUp, setLastCashUp] = useState<CashUpRow | null>(null);
  useEffect(() => {
    void days.load();
    void items.load();
    void cashUps.load();
  }, [days, items, cashUps]);

  const run = () =>
    void days.change(async () => {
      const day = runDay.format('YYYY-MM-DD');
      await api.runDay(day);
      notify.success(t('paymentStatistics.reconciliation.ran', { day }));
      void items.load();
    });
  const openItems = (day: string) => {
    setTab('items');
    void items.setFilters({ day, state: undefined });
  };

  const dayColumns: TableColumnsType<ReconciliationDay> = [
    { key: 'day', title: t('paymentStatistics.reconciliation.day'), render: (_, day) => <span style={{ whiteSpace: 'nowrap' }}>{day.day}</span> },
    {
      key: 'state',
      title: t('paymentStatistics.reconciliation.state'),
      render: (_, day) => (
        <div className={styles.stack}>
          <Tag color={day.state === 'done' ? 'green' : 'red'}>{t(`paymentStatistics.reconciliation.dayStates.${day.state}`)}</Tag>
          {day.error && <CutText text={day.error} maxWidth={200} type="danger" />}
        </div>
      ),
    },
    {
      key: 'provider',
      align: 'right',
      title: t('paymentStatistics.reconciliation.provider'),
      render: (_, day) => (
        <div className={styles.stack}>
          {money(day.providerMinor)}
          <span className={styles.secondary}>
            {t('paymentStatistics.reconciliation.payments', { count: day.providerCount, total: withThousands(day.providerCount, 0) })}
          </span>
        </div>
      ),
    },
    {
      key: 'ledger',
      align: 'right',
      title: t('paymentStatistics.reconciliation.ledger'),
      render: (_, day) => (
        <div className={styles.stack}>
          {money(day.ledgerMinor)}
          <span className={styles.secondary}>
            {t('paymentStatistics.reconciliation.payments', { count: day.ledgerCount, total: withThousands(day.ledgerCount, 0) })}
          </span>
        </div>
      ),
    },
    {
      key: 'differences',
      align: 'right',
      title: t('paymentStatistics.reconciliation.differences'),
      render: (_, day) =>
        day.differences ? (
          <Button type="link" danger size="small" onClick={() => openItems(day.day)} data-testid={`recon-day-differences-${day.day}`}>
            {withThousands(day.differences, 0)}
          </Button>
        ) : (
          <span data-testid={`recon-day-differences-${day.day}`}>0</span>
        ),
    },
    { key: 'runAt', title: t('paymentStatistics.reconciliation.runAt'), render: (_, day) => <DateTimeText at={day.runAt} /> },
  ];

  const itemColumns: TableColumnsType<ReconciliationItem> = [
    {
      key: 'day',
      title: t('paymentStatistics.reconciliation.item'),
      render: (_, item) => (
        <div className={styles.stack}>
          <Tag color={item.kind === 'amount_mismatch' || item.kind === 'cash_mismatch' ? 'orange' : 'red'}>{t(`paymentStatistics.kinds.${item.kind}`)}</Tag>
          <span className={styles.secondary}>{item.day}</span>
        </div>
      ),
    },
    {
      key: 'reference',
      title: t('paymentStatistics.reconciliation.reference'),
      render: (_, item) => (
        <div className={styles.stack}>
          <CutText text={item.outTradeNo ?? '—'} maxWidth={200} />
          {item.providerTxnId && <CutText text={item.providerTxnId} maxWidth={200} type="secondary" />}
        </div>
      ),
    },
    {
      key: 'ledger',
      align: 'right',
      title: t('paymentStatistics.reconciliation.ledger'),
      render: (_, item) => money(item.ledgerMinor, `recon-item-ledger-${item.id}`),
    },
    {
      key: 'provider',
      align: 'right',
      title: t('paymentStatistics.reconciliation.provider'),
      render: (_, item) => money(item.providerMinor, `recon-item-provider-${item.id}`),
    },
    { key: 'reason', title: t('paymentStatistics.reconciliation.reason'), render: (_, item) => <CutText text={item.reason} maxWidth={240} rows={2} /> },
    {
      key: 'state',
      title: t('paymentStatistics.reconciliation.state'),
      render: (_, item) =>
        item.state === 'open' ? (
          <Tag color="red" data-testid={`recon-item-state-${item.id}`}>
            {t('paymentStatistics.reconciliation.itemStates.open')}
          </Tag>
        ) : (
          <div className={styles.stack} data-testid={`recon-item-state-${item.id}`}>
            <Tag color="green">{t('paymentStatistics.reconciliation.itemStates.resolved')}</Tag>
            <CutText text={item.resolution} maxWidth={200} />
            <span className={styles.secondary}>
              {item.resolvedBy ?? '—'} · <DateTimeText at={item.resolvedAt} />
            </span>
          </div>
        ),
    },
    {
      key: 'actions',
      title: t('paymentStatistics.actions'),
      render: (_, item) => (
        <RowActions
          gate={gate}
          actions={[
            item.state === 'open' && {
              button: 'edit',
              label: t('paymentStatistics.reconciliation.resolve'),
              onClick: () => setResolving(item),
              testId: `recon-item-resolve-${item.id}`,
            },
          ]}
        />
      ),
    },
  ];

  const cashUpColumns: TableColumnsType<CashUpRow> = [
    { key: 'day', title: t('paymentStatistics.cashUps.day'), render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{row.day}</span> },
    { key: 'operator', title: t('paymentStatistics.cashUps.operator'), render: (_, row) => row.operator },
    { key: 'declared', align: 'right', title: t('paymentStatistics.cashUps.declared'), render: (_, row) => money(row.declaredMinor) },
    { key: 'ledger', align: 'right', title: t('paymentStatistics.cashUps.ledger'), render: (_, row) => money(row.ledgerMinor) },
    {
      key: 'difference',
      align: 'right',
      title: t('paymentStatistics.cashUps.difference'),
      render: (_, row) => (
        <span className={styles.money} style={row.differenceMinor ? { color: '#F56C6C' } : undefined} data-testid={`cash-up-difference-${row.id}`}>
          {minorDelta(row.differenceMinor)}
        </span>
      ),
    },
    { key: 'note', title: t('paymentStatistics.cashUps.note'), render: (_, row) => <CutText text={row.note} maxWidth={200} /> },
    { key: 'createdAt', title: t('paymentStatistics.cashUps.recordedAt'), render: (_, row) => <DateTimeText at={row.createdAt} /> },
  ];

  return (
    <Card size="small" data-testid="reconciliation-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          {
            key: 'days',
            label: t('paymentStatistics.reconciliation.daysTab'),
            children: (
              <>
                <ListToolbar
                  list={days}
                  testId="recon-days"
                  actions={
                    <Permission menu={RECONCILIATION_MENU} button="edit">
                      <DatePicker
                        value={runDay}
                        allowClear={false}
                        disabledDate={(value) => !value.isBefore(dayjs(), 'day')}
                        onChange={(value) => value && setRunDay(value)}
                        data-testid="recon-run-day"
                      />
                      <Button type="primary" icon={<PlayCircleOutlined />} loading={days.busy} onClick={run} data-testid="recon-run">
                        {t('paymentStatistics.reconciliation.run')}
                      </Button>
                    </Permission>
                  }
                />
                <ListTable
                  list={days}
                  rowKey="day"
                  columns={dayColumns}
                  testId="recon-days-table"
                  emptyText={t('paymentStatistics.reconciliation.noDays')}
                  rowAttributes={(day) => ({ 'data-testid': `recon-day-${day.day}` })}
                />
              </>
            ),
          },
          {
            key: 'items',
            label: t('paymentStatistics.reconciliation.itemsTab'),
            children: (
              <>
                <ListToolbar
                  list={items}
                  testId="recon-items"
                  filters={
                    <>
                      <Select
                        allowClear
                        style={{ width: 150 }}
                        value={items.filters.state}
                        placeholder={t('paymentStatistics.reconciliation.allStates')}
                        options={(['open', 'resolved'] as const).map((state) => ({
                          value: state,
                          label: t(`paymentStatistics.reconciliation.itemStates.${state}`),
                        }))}
                        onChange={(state) => void items.setFilter('state', state)}
                        data-testid="recon-items-state"
                      />
                      <Select
                        allowClear
                        style={{ width: 200 }}
                        value={items.filters.kind}
                        placeholder={t('paymentStatistics.reconciliation.allKinds')}
                        options={RECONCILIATION_KINDS.map((kind) => ({ value: kind, label: t(`paymentStatistics.kinds.${kind}`) }))}
                        onChange={(kind) => void items.setFilter('kind', kind)}
                        data-testid="recon-items-kind"
                      />
                      <DatePicker
                        value={items.filters.day ? dayjs(items.filters.day) : null}
                        placeholder={t('paymentStatistics.reconciliation.day')}
                        onChange={(value) => void items.setFilter('day', value ? value.format('YYYY-MM-DD') : undefined)}
                        data-testid="recon-items-day"
                      />
                    </>
                  }
                />
                <ListTable
                  list={items}
                  rowKey="id"
                  columns={itemColumns}
                  testId="recon-items-table"
                  emptyText={t('paymentStatistics.reconciliation.noItems')}
                  rowAttributes={(item) => ({ 'data-testid': `recon-item-${item.id}` })}
                />
              </>
            ),
          },
          {
            key: 'cashUps',
            label: t('paymentStatistics.cashUps.tab'),
            children: (
              <>
                {can('edit') && (
                  <CashUpForm
                    api={api}
                    onSaved={(row) => {
                      setLastCashUp(row);
                      void cashUps.load();
                      void items.load();
                    }}
                  />
                )}
                {lastCashUp && (
                  <Alert
                    style={{ marginBottom: 12 }}
                    type={lastCashUp.differenceMinor ? 'warning' : 'success'}
                    showIcon
                    data-testid="cash-up-result"
                    title={
                      lastCashUp.differenceMinor
                        ? t('paymentStatistics.cashUps.mismatch', {
                            day: lastCashUp.day,
                            declared: minorText(lastCashUp.declaredMinor),
                            ledger: minorText(lastCashUp.ledgerMinor),
                            difference: minorDelta(lastCashUp.differenceMinor),
                          })
                        : t('paymentStatistics.cashUps.matches', { day: lastCashUp.day, ledger: minorText(lastCashUp.ledgerMinor) })
                    }
                  />
                )}
                <ListToolbar list={cashUps} testId="cash-ups" />
                <ListTable
                  list={cashUps}
                  rowKey="id"
                  columns={cashUpColumns}
                  testId="cash-ups-table"
                  emptyText={t('paymentStatistics.cashUps.none')}
                  rowAttributes={(row) => ({ 'data-testid': `cash-up-row-${row.id}` })}
                />
              </>
            ),
          },
        ]}
      />
      {resolving && (
        <ResolveDialog
          item={resolving}
          api={api}
          onClose={(changed) => {
            setResolving(null);
            if (changed) {
              void items.load();
              void days.load();
            }
          }}
        />
      )}
    </Card>
  );
});
