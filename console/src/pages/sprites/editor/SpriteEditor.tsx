import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOptions, type ResourceOption } from '@shared/resources';
import { UPLOAD_MAX_BYTES } from '@shared/schemas/files';
import type { Sprite } from '@shared/schemas/sprites';
import type { ChannelReader } from '@boards/widgetDescriptor';
import { ChannelReaderProvider } from '@boards/runtime/channelReader';
import { useNotify } from '../../../feedback/notify';
import { useStores } from '../../../stores/StoreContext';
import { useLiveTelemetry } from '../../../live/useLiveTelemetry';
import { useSpritesApi } from '../spritesApi';
import styles from '../sprites.module.css';
import { IconPanel } from './IconPanel';
import { PictureCanvas } from './PictureCanvas';
import { megabytes } from './pictureCheck';
import { PictureUpload } from './PictureUpload';
import { SpriteDraft } from './SpriteDraft';
import { spriteRuleText } from './spriteRuleText';

/** Before the socket is open (or without a session): icons show no value. */
const OFFLINE_READER: ChannelReader = { read: () => undefined, watch: () => () => undefined };

interface SpriteEditorProps {
  /** The sprite to edit, or null for a new one. */
  sprite: Sprite | null;
  onSaved(sprite: Sprite): void;
  onBack(): void;
}

/** Name, plant picture and device icons of one sprite; icons show live values while the socket is up. */
export const SpriteEditor = observer(function SpriteEditor({ sprite, onSaved, onBack }: SpriteEditorProps) {
  const { t } = useTranslation();
  const root = useStores();
  const api = useSpritesApi();
  const notify = useNotify();
  const telemetry = useLiveTelemetry();
  const [draft] = useState(() => new SpriteDraft(api, sprite));
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [meters, setMeters] = useState<ResourceOption[]>([]);
  const [metersLoading, setMetersLoading] = useState(true);

  useEffect(() => {
    let current = true;
    fetchOptions(root.http, 'meters')
      .then((options) => current && setMeters(options))
      .catch(() => undefined)
      .finally(() => current && setMetersLoading(false));
    return () => {
      current = false;
    };
  }, [root.http]);

  const save = async () => {
    const saved = await draft.save();
    if (!saved) return;
    notify.success(t('sprites.editor.saved', { name: saved.name }));
    onSaved(saved);
  };

  const pictureHelp = uploadProblem ?? (draft.errors.picture ? spriteRuleText(t, draft.errors.picture) : undefined);
  return (
    <Card
      title={sprite ? t('sprites.editor.editTitle', { name: sprite.name }) : t('sprites.editor.newTitle')}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="sprite-back">
            {t('sprites.editor.back')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={draft.saving} onClick={() => void save()} data-testid="sprite-save">
            {t('sprites.editor.save')}
          </Button>
        </Space>
      }
      data-testid="sprite-editor"
    >
      {draft.otherErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('sprites.editor.refused')}
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {draft.otherErrors.map(([field, message]) => (
                <li key={field}>{`${field}: ${spriteRuleText(t, message)}`}</li>
              ))}
            </ul>
          }
          data-testid="sprite-other-errors"
        />
      )}
      <Form layout="vertical">
        <div className={styles.toolbar} style={{ alignItems: 'start' }}>
          <Form.Item
            label={t('sprites.editor.name')}
            required
            style={{ width: 320, marginBottom: 12 }}
            {...(draft.errors.name ? { validateStatus: 'error' as const, help: spriteRuleText(t, draft.errors.name) } : {})}
          >
            <Input
              value={draft.name}
              maxLength={80}
              onChange={(event) => draft.setName(event.target.value)}
              aria-label={t('sprites.editor.name')}
              data-testid="sprite-name"
            />
          </Form.Item>
          <Form.Item
            label={t('sprites.editor.picture')}
            required
            style={{ marginBottom: 12 }}
            {...(pictureHelp
              ? { validateStatus: 'error' as const, help: <span data-testid="sprite-picture-error">{pictureHelp}</span> }
              : { extra: t('sprites.upload.rule', { max: megabytes(UPLOAD_MAX_BYTES) }) })}
          >
            <PictureUpload
              hasPicture={draft.picture !== ''}
              onUploaded={(file) => {
                setUploadProblem(null);
                draft.setPicture(file.url);
              }}
              onProblem={setUploadProblem}
            />
          </Form.Item>
        </div>
      </Form>
      <div className={styles.workspace}>
        <ChannelReaderProvider reader={telemetry ?? OFFLINE_READER}>
          <PictureCanvas draft={draft} />
        </ChannelReaderProvider>
        <IconPanel draft={draft} meters={meters} metersLoading={metersLoading} />
      </div>
    </Card>
  );
});
