import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';
import type { Receipt } from '@shared/prepaid';
import { minorText } from './money';
import styles from './prepaidPayments.module.css';

/**
 * A counter receipt as printed: every figure is React text from the server's Receipt (nothing is HTML). Marked
 * printable, so window.print() prints this sheet alone (see the print rules in prepaidPayments.module.css).
 */
export function ReceiptSheet({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const money = (minor: number) => minorText(minor, receipt.currency);
  const rows: [string, string, boolean?][] = [
    [t('prepaidPayments.receipt.receiptNo'), receipt.receiptNo],
    [t('prepaidPayments.receipt.room'), receipt.roomCode],
    [t('prepaidPayments.receipt.building'), receipt.building || t('prepaidPayments.none')],
    [t('prepaidPayments.receipt.member'), receipt.memberName ?? t('prepaidPayments.none')],
    [t('prepaidPayments.receipt.channel'), t(`prepaidPayments.channels.${receipt.channel}`)],
    [t('prepaidPayments.receipt.amount'), money(receipt.amountMinor), true],
    [t('prepaidPayments.receipt.serviceFee'), money(receipt.serviceFeeMinor)],
    [t('prepaidPayments.receipt.credited'), money(receipt.creditedMinor), true],
    [t('prepaidPayments.receipt.balanceAfter'), money(receipt.balanceAfterMinor)],
    [t('prepaidPayments.receipt.operator'), receipt.operator],
    [t('prepaidPayments.receipt.paidAt'), formatDateTime(receipt.paidAt)],
  ];
  return (
    <div className={`${styles.sheet} ${styles.printable}`} data-testid="receipt-sheet">
      <h2>{t('prepaidPayments.receipt.heading')}</h2>
      <div className={styles.site}>{receipt.siteName}</div>
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`${styles.sheetRow} ${strong ? styles.strong : ''}`}>
          <span>{label}</span>
          <span>{value}</span>
        </div>
      ))}
      <div className={styles.signature}>{t('prepaidPayments.receipt.signature')}</div>
    </div>
  );
}
