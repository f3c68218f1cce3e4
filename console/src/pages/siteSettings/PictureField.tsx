import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFilesApi } from '@shared/api/filesApi';
import { useNotify } from '../../feedback/notify';
import { useStores } from '../../stores/StoreContext';
import { PICTURE_ACCEPT, pictureProblem } from '../sprites/editor/pictureCheck';
import { pictureProblemText, uploadErrorText } from '../sprites/editor/uploadErrorText';
import styles from './SiteSettingsPage.module.css';

interface PictureFieldProps {
  /** An /api/files/<sha256>.<ext> address, or '' for none (antd Form passes it). */
  value?: string;
  onChange?(url: string): void;
  disabled?: boolean;
  testId: string;
}

/**
 * A picture from the upload store, as the sprite and board screens upload theirs: the browser checks type and
 * size first, then the raw bytes go to POST /api/files, which decides from the bytes; the field keeps the address.
 */
export function PictureField({ value = '', onChange, disabled, testId }: PictureFieldProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { http } = useStores();
  const files = useMemo(() => createFilesApi(http), [http]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refused = pictureProblem(file);
    setProblem(refused ? pictureProblemText(t, refused) : null);
    return refused ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    files
      .upload(file as File)
      .then((stored) => {
        onChange?.(stored.url);
        notify.success(t('siteSettings.uploaded'));
        onSuccess?.(stored);
      })
      .catch((error: unknown) => {
        setProblem(uploadErrorText(t, error));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => setUploading(false));
  };

  return (
    <div data-testid={testId}>
      <Flex gap={12} align="center" wrap>
        <div className={styles.preview}>
          {value ? <img src={value} alt="" data-testid={`${testId}-preview`} /> : <Typography.Text type="secondary">{t('siteSettings.none')}</Typography.Text>}
        </div>
        <Upload accept={PICTURE_ACCEPT} showUploadList={false} maxCount={1} beforeUpload={beforeUpload} customRequest={customRequest} disabled={disabled}>
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled} data-testid={`${testId}-upload`}>
            {value ? t('siteSettings.replace') : t('siteSettings.upload')}
          </Button>
        </Upload>
        {value && (
          <Button danger icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange?.('')} data-testid={`${testId}-remove`}>
            {t('siteSettings.remove')}
          </Button>
        )}
      </Flex>
      {problem && (
        <Typography.Text type="danger" data-testid={`${testId}-problem`}>
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
