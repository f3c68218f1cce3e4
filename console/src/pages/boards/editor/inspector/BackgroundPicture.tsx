import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createFilesApi } from '@shared/api/filesApi';
import { UPLOAD_TYPES } from '@shared/schemas/files';
import { useNotify } from '../../../../feedback/notify';
import { useStores } from '../../../../stores/StoreContext';
import styles from '../BoardEditor.module.css';

interface BackgroundPictureProps {
  /** The picture's address (/api/files/<sha256>.<ext>), or '' for none. */
  value: string;
  onChange(url: string): void;
}

/** The board's background picture: upload one (the server checks the bytes) or remove it. */
export function BackgroundPicture({ value, onChange }: BackgroundPictureProps) {
  const { t } = useTranslation();
  const notify = useNotify();
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
      const stored = await files.upload(file);
      onChange(stored.url);
      notify.success(t('boardEditor.canvasFields.uploaded'));
    } catch {
      // The api toast said why (too large, not a picture).
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid="canvas-background-image">
      {value ? (
        <div
          className={styles.backgroundPreview}
          style={{ backgroundImage: `url("${value.replace(/["\\\n]/g, '')}")` }}
          data-testid="canvas-background-preview"
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('boardEditor.canvasFields.noImage')}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap>
        <Button size="small" icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()} data-testid="canvas-background-upload">
          {t('boardEditor.canvasFields.upload')}
        </Button>
        {value && (
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange('')} data-testid="canvas-background-clear">
            {t('boardEditor.canvasFields.clear')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0 0' }}>
        {t('boardEditor.canvasFields.uploadHint')}
      </Typography.Paragraph>
      <input ref={input} type="file" accept={UPLOAD_TYPES.join(',')} hidden onChange={(event) => void upload(event)} data-testid="canvas-background-file" />
    </div>
  );
}
