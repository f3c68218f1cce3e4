import { InboxOutlined } from '@ant-design/icons';
import { Progress, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES } from '@shared/powerImports/constants';
import type { ImportWizardController } from './ImportWizardController';

/** Drag a CSV or XLSX file in (or choose it): it is sent at once and the server reads its sheets and first rows. */
export const UploadStep = observer(function UploadStep({ wizard }: { wizard: ImportWizardController }) {
  const { t } = useTranslation();
  return (
    <div data-testid="upload-step">
      <Upload.Dragger
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        showUploadList={false}
        disabled={wizard.uploading}
        beforeUpload={(file) => {
          void wizard.upload(file, file.name);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('powerImports.upload.drop')}</p>
        <p className="ant-upload-hint">{t('powerImports.upload.hint', { size: `${IMPORT_MAX_BYTES / 1024 / 1024} MB` })}</p>
      </Upload.Dragger>
      {wizard.uploading && (
        <div data-testid="upload-progress">
          <Typography.Text type="secondary">{t('powerImports.upload.sending')}</Typography.Text>
          <Progress percent={wizard.uploaded} />
        </div>
      )}
    </div>
  );
});
