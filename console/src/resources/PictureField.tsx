import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createFilesApi } from '@shared/api/filesApi';
import { UPLOAD_TYPES } from '@shared/schemas/files';
import { useStores } from '../stores/StoreContext';

interface PictureFieldProps {
  /** '' or /api/files/<sha256>.<ext>; Form.Item hands in value and onChange. */
  value?: string;
  onChange?(url: string): void;
  'data-testid'?: string;
}

/** A 'picture' field: a preview, upload to the store (the server checks the bytes; its toast says why not) and remove. */
export function PictureField({ value = '', onChange, 'data-testid': testId }: PictureFieldProps) {
  const { t } = useTranslation();
  const { http } = useStores();
  const files = useMemo(() => createFilesApi(http), [http]);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      onChange?.((await files.upload(file)).url);
    } catch {
      // The api toast said why (too large, not a picture).
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid={testId}>
      <Flex gap={8} align="center" wrap>
        {value && (
          <img
            src={value}
            alt=""
            style={{ maxWidth: 120, maxHeight: 64, objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 4 }}
            data-testid={`${testId}-preview`}
          />
        )}
        <Button size="small" icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
          {t('resources.actions.uploadPicture')}
        </Button>
        {value && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} data-testid={`${testId}-clear`}>
            {t('resources.actions.removePicture')}
          </Button>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('resources.actions.pictureHint')}
      </Typography.Text>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        style={{ display: 'none' }}
        onChange={(event) => void upload(event)}
        data-testid={`${testId}-file`}
      />
    </div>
  );
}
