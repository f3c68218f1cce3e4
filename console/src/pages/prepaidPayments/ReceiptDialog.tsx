import { PrinterOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Receipt } from '@shared/prepaid';
import { ReceiptSheet } from './ReceiptSheet';

/** The receipt of a counter top-up, with Print (the browser's print dialog prints the sheet alone). */
export function ReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      centered
      width="min(600px, 92vw)"
      title={t('prepaidPayments.receipt.title', { receiptNo: receipt.receiptNo })}
      onCancel={onClose}
      data-testid="receipt-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('prepaidPayments.receipt.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="receipt-print">
          {t('prepaidPayments.receipt.print')}
        </Button>,
      ]}
    >
      <ReceiptSheet receipt={receipt} />
    </Modal>
  );
}
