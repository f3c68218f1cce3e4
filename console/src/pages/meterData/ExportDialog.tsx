import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { MeterExportJob } from './MeterExportJob';

/** The running export: rows written so far, then the saved file's name or the server's reason for failing. */
export const ExportDialog = observer(function ExportDialog({ exportJob }: { exportJob: MeterExportJob }) {
  const { t } = useTranslation();
  const { phase, job } = exportJob;
  const status = phase === 'failed' ? 'exception' : phase === 'done' ? 'success' : 'active';
  const caption =
    phase === 'starting'
      ? t('meterData.export.starting')
      : phase === 'downloading'
        ? t('meterData.export.downloading')
        : job
          ? t('meterData.export.progress', { written: job.rowsWritten, total: job.totalRows, count: job.totalRows })
          : '';

  return (
    <Modal
      open={phase !== 'idle'}
      title={t('meterData.export.title', { format: exportJob.format.toUpperCase() })}
      width={420}
      mask={{ closable: false }}
      onCancel={exportJob.stop}
      footer={
        <Button onClick={exportJob.stop} data-testid="meter-data-export-close">
          {t(exportJob.busy ? 'meterData.export.cancel' : 'meterData.export.close')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid="meter-data-export-dialog">
        <Progress percent={exportJob.percent} status={status} data-testid="meter-data-export-progress" />
        {caption && <Typography.Text type="secondary">{caption}</Typography.Text>}
        {phase === 'done' && job && (
          <Alert type="success" showIcon title={t('meterData.export.done', { fileName: job.fileName })} data-testid="meter-data-export-done" />
        )}
        {phase === 'failed' && (
          <Alert type="error" showIcon title={t('meterData.export.failed')} description={exportJob.error} data-testid="meter-data-export-failed" />
        )}
      </Flex>
    </Modal>
  );
});
