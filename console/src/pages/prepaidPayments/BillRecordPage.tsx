import { FileAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, DatePicker, Modal, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_STATES, type BillRow, type BillState } from '@shared/prepaid';
import { useNotify } from '../../feedback/notify';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { minorText } from './money';
import { createPrepaidPaymentsApi, type BillFilters } from './prepaidPaymentsApi';
import { StatementDrawer } from './StatementDrawer';
import styles from './prepaidPayments.module.css';

export const BILL_RECORD_MENU = '/pay/bill-record';
const BILL_STATE_COLOURS: Record<BillState, string> = { issued: 'blue', paid: 'green', overdue: 'red' };
const lastMonth = () => dayjs().subtract(1, 'month').startOf('month');

/** "Issue a month": a finished month (this month is not over yet); bills already issued for it stay as they are. */
function IssueDialog({ onIssue, onClose }: { onIssue(month: string): Promise<void>; onClose(): void }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(lastMonth);
  const [saving, setSaving] = useState(false);
  const issue = async () => {
    setSaving(true);
    try {
      await onIssue(month.format('YYYY-MM'));
      onClose();
    } catch {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      centered
      title={t('prepaidPayments.bills.issueTitle')}
      okText={t('prepaidPayments.bills.issueOk')}
      cancelText={t('prepaidPayments.topup.cancel')}
      onOk={() => void issue()}
      onCancel={onClose}
      okButtonProps={{ loading: saving, disabled: saving, 'data-testid': 'bills-issue-ok' }}
      data-testid="bills-issue-dialog"
    >
      <Alert type="info" title={t('prepaidPayments.bills.issueNote')} style={{ marginBottom: 12 }} />
      <DatePicker
        picker="month"
        value={month}
        allowClear={false}
        disabledDate={(value) => !value.isBefore(dayjs().startOf('month'))}
        onChange={(value) => value && setMonth(value.startOf('month'))}
        data-testid="bills-issue-month"
      />
    </Modal>
  );
}

/**
 * /pay/bill-record: the monthly statements (prepaid) and invoices (postpaid) per room account: opening, charges
 * and fees, top-ups, closing, due day and state; overdue invoices on their own with one tick. A row opens its
 * statement (lines per item and band, printable); "Issue a month" (button add) issues a finished month.
 */
export const BillRecordPage = observer(function BillRecordPage() {
  const { t } = useTranslation();
  const root = useStores();
  const notify = useNotify();
  const api = useMemo(() => createPrepaidPaymentsApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<BillFilters, BillRow>((query) => api.bills(query), {}));
  const [issuing, setIssuing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  useEffect(() => void list.load(), [list]);

  const money = (minor: number, testId?: string) => (
    <span className={styles.money} data-testid={testId}>
      {minorText(minor)}
    </span>
  );
  const columns: TableColumnsType<BillRow> = [
    { key: 'month', title: t('prepaidPayments.bills.columns.month'), render: (_, bill) => bill.month },
    {
      key: 'room',
      title: t('prepaidPayments.bills.columns.room'),
      render: (_, bill) => (
        <div className={styles.stack}>
          <Typography.Text strong>{bill.roomCode}</Typography.Text>
          <span className={styles.secondary}>{bill.memberName ?? t('prepaidPayments.none')}</span>
        </div>
      ),
    },
    { key: 'kind', title: t('prepaidPayments.bills.columns.kind'), render: (_, bill) => t(`prepaidPayments.bills.kinds.${bill.kind}`) },
    { key: 'opening', align: 'right', title: t('prepaidPayments.bills.columns.opening'), render: (_, bill) => money(bill.openingMinor) },
    {
      key: 'charges',
      align: 'right',
      title: t('prepaidPayments.bills.columns.charges'),
      render: (_, bill) => money(bill.chargesMinor + bill.feesMinor, `bill-charges-${bill.id}`),
    },
    { key: 'topups', align: 'right', title: t('prepaidPayments.bills.columns.topups'), render: (_, bill) => money(bill.topupsMinor) },
    {
      key: 'closing',
      align: 'right',
      title: t('prepaidPayments.bills.columns.closing'),
      render: (_, bill) => money(bill.closingMinor, `bill-closing-${bill.id}`),
    },
    {
      key: 'dueDay',
      title: t('prepaidPayments.bills.columns.dueDay'),
      render: (_, bill) => (bill.dueDay ? <span style={{ whiteSpace: 'nowrap' }}>{bill.dueDay}</span> : t('prepaidPayments.none')),
    },
    {
      key: 'state',
      title: t('prepaidPayments.bills.columns.state'),
      render: (_, bill) => (
        <div className={styles.stack}>
          <Tag color={BILL_STATE_COLOURS[bill.state]} data-testid={`bill-state-${bill.id}`}>
            {t(`prepaidPayments.bills.states.${bill.state}`)}
          </Tag>
          {bill.paidAt !== null && (
            <span className={styles.secondary}>
              <DateTimeText at={bill.paidAt} />
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('prepaidPayments.bills.columns.actions'),
      render: (_, bill) => (
        <RowActions actions={[{ label: t('prepaidPayments.bills.view'), onClick: () => setViewing(bill.id), testId: `bill-view-${bill.id}` }]} />
      ),
    },
  ];

  return (
    <div className={styles.page} data-testid="bill-record-page">
      <Card size="small">
        <ListToolbar
          list={list}
          testId="bills"
          searchPlaceholder={t('prepaidPayments.bills.search')}
          filters={
            <>
              <DatePicker
                picker="month"
                placeholder={t('prepaidPayments.bills.month')}
                onChange={(value) => void list.setFilter('month', value ? value.format('YYYY-MM') : undefined)}
                data-testid="bills-month"
              />
              <Select
                allowClear
                style={{ width: 150 }}
                placeholder={t('prepaidPayments.bills.allStates')}
                options={BILL_STATES.map((state) => ({ value: state, label: t(`prepaidPayments.bills.states.${state}`) }))}
                onChange={(state) => void list.setFilter('state', state)}
                data-testid="bills-state"
              />
              <Checkbox onChange={(event) => void list.setFilter('overdue', event.target.checked || undefined)} data-testid="bills-overdue">
                {t('prepaidPayments.bills.overdue')}
              </Checkbox>
            </>
          }
          actions={
            <Permission menu={BILL_RECORD_MENU} button="add">
              <Button type="primary" icon={<FileAddOutlined />} onClick={() => setIssuing(true)} data-testid="bills-issue">
                {t('prepaidPayments.bills.issue')}
              </Button>
            </Permission>
          }
        />
        <ListTable
          list={list}
          rowKey="id"
          columns={columns}
          testId="bills-table"
          emptyText={t('prepaidPayments.bills.empty')}
          totalText={(total, count) => t('prepaidPayments.bills.total', { total, count })}
          rowAttributes={(bill) => ({ 'data-testid': `bill-row-${bill.id}` })}
        />
      </Card>
      {issuing && (
        <IssueDialog
          onClose={() => setIssuing(false)}
          onIssue={async (month) => {
            const outcome = await api.issueBills(month);
            notify.success(t('prepaidPayments.bills.issueDone', { month, issued: outcome.issued, existing: outcome.existing }));
            void list.load();
          }}
        />
      )}
      {viewing !== null && <StatementDrawer billId={viewing} api={api} onClose={() => setViewing(null)} />}
    </div>
  );
});
