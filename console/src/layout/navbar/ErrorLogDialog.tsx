import { Button, Modal, Table, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '@shared/stores/errorLogStore';
import { useStores } from '../../stores/StoreContext';

/** The collected runtime errors, newest first. */
export const ErrorLogDialog = observer(function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { errorLog, i18n } = useStores();
  const { t } = useTranslation();
  const columns: TableColumnsType<ErrorLogEntry> = [
    { title: t('errorLog.time'), dataIndex: 'time', width: 170, render: (time: number) => new Date(time).toLocaleString(i18n.language) },
    { title: t('errorLog.message'), dataIndex: 'message', render: (text: string) => <span style={{ wordBreak: 'break-word' }}>{text}</span> },
    { title: t('errorLog.source'), dataIndex: 'source', ellipsis: true },
    { title: t('errorLog.page'), dataIndex: 'url', ellipsis: true },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('errorLog.title')}
      width={{ xs: '94%', md: '80%', xl: 1000 }}
      footer={
        <Button onClick={() => errorLog.clear()} disabled={errorLog.count === 0}>
          {t('errorLog.clear')}
        </Button>
      }
    >
      <div data-testid="error-log-dialog">
        <Table<ErrorLogEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={[...errorLog.entries].reverse()}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('errorLog.empty') }}
          scroll={{ x: 640 }}
        />
      </div>
    </Modal>
  );
});
