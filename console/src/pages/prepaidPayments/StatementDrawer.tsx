import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Spin, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { BillLine, BillRow } from '@shared/prepaid';
import { energyMilliText, minorText } from './money';
import type { PrepaidPaymentsApi } from './prepaidPaymentsApi';
import styles from './prepaidPayments.module.css';

/**
 * One bill as a statement: the month's figures (opening, charges, fees, top-ups, refunds, adjustments, closing)
 * and its lines per item and band with the energy. Print prints the sheet alone. Texts only, no HTML from data.
 */
export function StatementDrawer({ billId, api, onClose }: { billId: number; api: PrepaidPaymentsApi; onClose(): void }) {
  const { t } = useTranslation();
  const [bill, setBill] = useState<BillRow | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .bill(billId)
      .then((row) => live && setBill(row))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, billId]);

  const figures: [string, number, string][] = bill
    ? [
        [t('prepaidPayments.statement.opening'), bill.openingMinor, 'opening'],
        [t('prepaidPayments.statement.charges'), -bill.chargesMinor, 'charges'],
        [t('prepaidPayments.statement.fees'), -bill.feesMinor, 'fees'],
        [t('prepaidPayments.statement.topups'), bill.topupsMinor, 'topups'],
        [t('prepaidPayments.statement.refunds'), -bill.refundsMinor, 'refunds'],
        [t('prepaidPayments.statement.adjustments'), bill.adjustmentsMinor, 'adjustments'],
        [t('prepaidPayments.statement.closing'), bill.closingMinor, 'closing'],
      ]
    : [];
  const band = (line: BillLine) => (line.band ? t(`prepaidPayments.bands.${line.band}`) : t('prepaidPayments.none'));

  return (
    <Drawer
      open
      size="large"
      onClose={onClose}
      title={bill ? t('prepaidPayments.statement.title', { kind: t(`prepaidPayments.bills.kinds.${bill.kind}`), month: bill.month, room: bill.roomCode }) : ''}
      extra={
        <Button icon={<PrinterOutlined />} disabled={!bill} onClick={() => window.print()} data-testid="statement-print">
          {t('prepaidPayments.statement.print')}
        </Button>
      }
      data-testid="statement-drawer"
    >
      {failed && <Alert type="error" title={t('lists.loadFailed')} />}
      {!bill && !failed && <Spin />}
      {bill && (
        <div className={`${styles.sheet} ${styles.printable}`} style={{ maxWidth: 'none' }} data-testid="statement-sheet">
          <h2>{t('prepaidPayments.statement.title', { kind: t(`prepaidPayments.bills.kinds.${bill.kind}`), month: bill.month, room: bill.roomCode })}</h2>
          <div className={styles.sheetRow}>
            <span>{t('prepaidPayments.statement.member')}</span>
            <span>{bill.memberName ?? t('prepaidPayments.none')}</span>
          </div>
          <div className={styles.sheetRow}>
            <span>{t('prepaidPayments.statement.issuedAt')}</span>
            <span>{formatDateTime(bill.createdAt)}</span>
          </div>
          {bill.dueDay && (
            <div className={styles.sheetRow}>
              <span>{t('prepaidPayments.statement.dueDay')}</span>
              <span>{bill.dueDay}</span>
            </div>
          )}
          {figures.map(([label, minor, key]) => (
            <div key={key} className={`${styles.sheetRow} ${key === 'opening' || key === 'closing' ? styles.strong : ''}`}>
              <span>{label}</span>
              <span data-testid={`statement-${key}`}>{minorText(minor)}</span>
            </div>
          ))}
          <h3 style={{ marginTop: 16 }}>{t('prepaidPayments.statement.lines')}</h3>
          <Table<BillLine>
            size="small"
            pagination={false}
            rowKey={(line) => `${line.kind}:${line.itemId ?? line.name}:${line.band ?? ''}`}
            dataSource={bill.lines}
            locale={{ emptyText: t('prepaidPayments.statement.noLines') }}
            data-testid="statement-lines"
            columns={[
              {
                key: 'item',
                title: t('prepaidPayments.statement.item'),
                render: (_, line) => `${line.name} (${t(`prepaidPayments.statement.kinds.${line.kind}`)})`,
              },
              { key: 'band', title: t('prepaidPayments.statement.band'), render: (_, line) => band(line) },
              {
                key: 'energy',
                align: 'right',
                title: t('prepaidPayments.statement.energy'),
                render: (_, line) => (line.energyMilli ? energyMilliText(line.energyMilli) : '—'),
              },
              {
                key: 'amount',
                align: 'right',
                title: t('prepaidPayments.statement.amount'),
                render: (_, line) => <span className={styles.money}>{minorText(line.amountMinor)}</span>,
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
