import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createFilesApi } from '@shared/api/filesApi';
import type { StoredFile } from '@shared/schemas/files';
import { useStores } from '../../../stores/StoreContext';
import { PICTURE_ACCEPT, pictureProblem } from './pictureCheck';
import { pictureProblemText, uploadErrorText } from './uploadErrorText';

interface PictureUploadProps {
  hasPicture: boolean;
  onUploaded(file: StoredFile): void;
  /** The refusal to show under the field (browser check or server answer); null clears it. */
  onProblem(message: string | null): void;
}

/**
 * The plant picture button: the browser checks type and size first (a clear message, nothing sent), then
 * the raw bytes go to POST /api/files, which decides from the bytes themselves.
 */
export function PictureUpload({ hasPicture, onUploaded, onProblem }: PictureUploadProps) {
  const { t } = useTranslation();
  const root = useStores();
  const files = useMemo(() => createFilesApi(root.http), [root.http]);
  const [uploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = pictureProblem(file);
    onProblem(problem ? pictureProblemText(t, problem) : null);
    return problem ? Upload.LIST_IGNORE : true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    setUploading(true);
    files
      .upload(file as File)
      .then((stored) => {
        onUploaded(stored);
        onSuccess?.(stored);
      })
      .catch((error: unknown) => {
        onProblem(uploadErrorText(t, error));
        onError?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => setUploading(false));
  };

  return (
    <Upload accept={PICTURE_ACCEPT} showUploadList={false} maxCount={1} beforeUpload={beforeUpload} customRequest={customRequest} data-testid="sprite-upload">
      <Button icon={<UploadOutlined />} loading={uploading} data-testid="sprite-upload-button">
        {hasPicture ? t('sprites.upload.replace') : t('sprites.upload.choose')}
      </Button>
    </Upload>
  );
}
