import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_CHANNELS, PAYMENT_STATES, type PaymentRow, type PaymentState, type Receipt } from '@shared/prepaid';
import { useNotify } from '../../feedback/notify';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { CounterTopupDialog } from './CounterTopupDialog';
import { minorText } from './money';
import { createPrepaidPaymentsApi, type PaymentFilters } from './prepaidPaymentsApi';
import { ReceiptDialog } from './ReceiptDialog';
import { RefundDialog } from './RefundDialog';
import styles from './prepaidPayments.module.css';

export const PAY_RECORD_MENU = '/pay/pay-record';
const gate = { menu: PAY_RECORD_MENU };

export const STATE_COLOURS: Record<PaymentState, string> = { created: 'blue', paid: 'green', closed: 'default', unknown: 'orange', failed: 'red' };

/** An online payment the provider has not settled yet: "Query now" asks it at once instead of waiting for the backoff. */
const unsettled = (payment: PaymentRow) => payment.channel === 'wechat' && (payment.state === 'unknown' || payment.state === 'created');

/**
 * /pay/pay-record: every top-up (counter and online) with its state, service fee and refunds; a counter top-up
 * (button add) ends on its printable receipt; a refund (button edit) takes all or part of what is left; an online
 * payment in an unknown state can be queried now (edit).
 */
export const PayRecordPage = observer(function PayRecordPage() {
  const { t } = useTranslation();
  const root = useStores();
  const notify = useNotify();
  const api = useMemo(() => createPrepaidPaymentsApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<PaymentFilters, PaymentRow>((query) => api.payments(query), {}));
  const [topup, setTopup] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [refunding, setRefunding] = useState<PaymentRow | null>(null);
  useEffect(() => void list.load(), [list]);

  const showReceipt = (payment: PaymentRow) => {
    api
      .receipt(payment.id)
      .then(setReceipt)
      .catch(() => undefined);
  };
  const queryNow = (payment: PaymentRow) =>
    void list.change(async () => {
      const answer = await api.queryNow(payment.id);
      notify.success(t('prepaidPayments.payments.queried', { state: t(`prepaidPayments.states.${answer.state}`) }));
    });

  const money = (minor: number, testId?: string) => (
    <span className={styles.money} data-testid={testId}>
      {minorText(minor)}
    </span>
  );
  const columns: TableColumnsType<PaymentRow> = [
    {
      key: 'room',
      title: t('prepaidPayments.payments.columns.room'),
      render: (_, payment) => (
        <div className={styles.stack}>
          <Typography.Text strong>{payment.roomCode}</Typography.Text>
          <span className={styles.secondary}>{payment.memberName ?? t('prepaidPayments.none')}</span>
        </div>
      ),
    },
    {
      key: 'channel',
      title: t('prepaidPayments.payments.columns.channel'),
      render: (_, payment) => (
        <div className={styles.stack}>
          <span>{t(`prepaidPayments.channels.${payment.channel}`)}</span>
          {payment.note && <CutText text={payment.note} maxWidth={140} type="secondary" />}
        </div>
      ),
    },
    {
      key: 'state',
      title: t('prepaidPayments.payments.columns.state'),
      render: (_, payment) => (
        <Tag color={STATE_COLOURS[payment.state]} data-testid={`payment-state-${payment.id}`}>
          {t(`prepaidPayments.states.${payment.state}`)}
        </Tag>
      ),
    },
    { key: 'amount', align: 'right', title: t('prepaidPayments.payments.columns.amount'), render: (_, p) => money(p.amountMinor, `payment-amount-${p.id}`) },
    { key: 'fee', align: 'right', title: t('prepaidPayments.payments.columns.fee'), render: (_, p) => money(p.serviceFeeMinor) },
    {
      key: 'refunded',
      align: 'right',
      title: t('prepaidPayments.payments.columns.refunded'),
      render: (_, p) => money(p.refundedMinor, `payment-refunded-${p.id}`),
    },
    {
      key: 'receiptNo',
      title: t('prepaidPayments.payments.columns.receiptNo'),
      render: (_, payment) => (
        <div className={styles.stack}>
          <CutText text={payment.receiptNo ?? payment.outTradeNo} maxWidth={170} />
          <span className={styles.secondary}>{payment.operator}</span>
        </div>
      ),
    },
    { key: 'time', title: t('prepaidPayments.payments.columns.time'), render: (_, payment) => <DateTimeText at={payment.paidAt ?? payment.createdAt} /> },
    {
      key: 'actions',
      title: t('prepaidPayments.payments.columns.actions'),
      render: (_, payment) => (
        <RowActions
          gate={gate}
          actions={[
            Boolean(payment.receiptNo) &&
              payment.state === 'paid' && {
                label: t('prepaidPayments.payments.receipt'),
                onClick: () => showReceipt(payment),
                testId: `payment-receipt-${payment.id}`,
              },
            payment.state === 'paid' &&
              payment.refundedMinor < payment.amountMinor && {
                button: 'edit',
                label: t('prepaidPayments.payments.refund'),
                danger: true,
                onClick: () => setRefunding(payment),
                testId: `payment-refund-${payment.id}`,
              },
            unsettled(payment) && {
              button: 'edit',
              label: t('prepaidPayments.payments.queryNow'),
              onClick: () => queryNow(payment),
              testId: `payment-query-${payment.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="pay-record-page">
      <Card size="small">
        <ListToolbar
          list={list}
          testId="payments"
          searchPlaceholder={t('prepaidPayments.payments.search')}
          filters={
            <>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('prepaidPayments.payments.allChannels')}
                options={PAYMENT_CHANNELS.map((channel) => ({ value: channel, label: t(`prepaidPayments.channels.${channel}`) }))}
                onChange={(channel) => void list.setFilter('channel', channel)}
                data-testid="payments-channel"
              />
              <Select
                allowClear
                style={{ width: 180 }}
                placeholder={t('prepaidPayments.payments.allStates')}
                options={PAYMENT_STATES.map((state) => ({ value: state, label: t(`prepaidPayments.states.${state}`) }))}
                onChange={(state) => void list.setFilter('state', state)}
                data-testid="payments-state"
              />
              <DatePicker.RangePicker
                aria-label={t('prepaidPayments.payments.dates')}
                onChange={(range) =>
                  void list.setFilters({
                    from: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
                    to: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
                  })
                }
                data-testid="payments-dates"
              />
            </>
          }
          actions={
            <Permission menu={PAY_RECORD_MENU} button="add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTopup(true)} data-testid="payments-topup">
                {t('prepaidPayments.topup.button')}
              </Button>
            </Permission>
          }
        />
        <ListTable
          list={list}
          rowKey="id"
          columns={columns}
          testId="payments-table"
          emptyText={t('prepaidPayments.payments.empty')}
          totalText={(total, count) => t('prepaidPayments.payments.total', { total, count })}
          rowAttributes={(payment) => ({ 'data-testid': `payment-row-${payment.id}` })}
        />
      </Card>
      {topup && (
        <CounterTopupDialog
          api={api}
          onClose={(done) => {
            setTopup(false);
            if (done) {
              setReceipt(done);
              void list.load();
            }
          }}
        />
      )}
      {receipt && <ReceiptDialog receipt={receipt} onClose={() => setReceipt(null)} />}
      {refunding && (
        <RefundDialog
          payment={refunding}
          api={api}
          onClose={(changed) => {
            setRefunding(null);
            if (changed) void list.load();
          }}
        />
      )}
    </div>
  );
});
