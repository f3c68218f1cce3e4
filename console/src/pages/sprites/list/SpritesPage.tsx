import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sprite } from '@shared/schemas/sprites';
import { useNotify } from '../../../feedback/notify';
import { SpriteEditor } from '../editor/SpriteEditor';
import { useSpritesApi } from '../spritesApi';
import styles from '../sprites.module.css';
import { SpritesController } from './SpritesController';
import { SpritesTable } from './SpritesTable';

/** What the screen shows: the list, or the editor of one sprite (null: a new one). */
type Mode = { kind: 'list' } | { kind: 'edit'; sprite: Sprite | null };

/** devices/sprite: the sprites (plant pictures with device icons) and their editor. */
export const SpritesPage = observer(function SpritesPage() {
  const { t } = useTranslation();
  const api = useSpritesApi();
  const notify = useNotify();
  const [list] = useState(() => new SpritesController(api));
  const [mode, setMode] = useState<Mode>({ kind: 'list' });

  useEffect(() => void list.load(), [list]);

  const remove = async (sprite: Sprite) => {
    if (await list.remove(sprite.id)) notify.success(t('sprites.list.deleted', { name: sprite.name }));
  };
  const backToList = () => {
    setMode({ kind: 'list' });
    void list.load();
  };

  if (mode.kind === 'edit') {
    // Keyed: another sprite (or a new one) starts from a fresh draft.
    return (
      <div className={styles.page} data-testid="sprites-page">
        <SpriteEditor key={mode.sprite?.id ?? 'new'} sprite={mode.sprite} onSaved={backToList} onBack={backToList} />
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="sprites-page">
      <Card
        title={t('sprites.list.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'edit', sprite: null })} data-testid="sprite-new">
            {t('sprites.list.new')}
          </Button>
        }
      >
        <SpritesTable list={list} onEdit={(sprite) => setMode({ kind: 'edit', sprite })} onDelete={(sprite) => void remove(sprite)} />
      </Card>
    </div>
  );
});
