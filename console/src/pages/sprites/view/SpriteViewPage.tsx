import { PushpinOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_CONFIG_SCREEN } from '@shared/schemas/boards';
import { useStores } from '../../../stores/StoreContext';
import { SpritesController } from '../list/SpritesController';
import { useLiveTelemetry } from '../../../live/useLiveTelemetry';
import { AddToBoardDialog } from '../placement/AddToBoardDialog';
import { useSpritesApi } from '../spritesApi';
import styles from '../sprites.module.css';
import { ConnectionState } from './ConnectionState';
import { LiveMimic } from './LiveMimic';
import { mimicOfSprite } from './mimicElement';

/**
 * board/spriteView: one sprite watched live through the real mimic widget, on a realtime connection the
 * page holds while it is open. "Place on a board" copies it into a mimic widget on a board (board editors only).
 */
export const SpriteViewPage = observer(function SpriteViewPage() {
  const { t } = useTranslation();
  const { permission } = useStores();
  const api = useSpritesApi();
  const [list] = useState(() => new SpritesController(api));
  const [chosenId, setChosenId] = useState<number | undefined>(undefined);
  const [placing, setPlacing] = useState(false);
  const telemetry = useLiveTelemetry();

  useEffect(() => void list.load(), [list]);

  // The first sprite until one is chosen (or when the chosen one is gone).
  const sprite = list.sprites.find((candidate) => candidate.id === chosenId) ?? list.sprites[0] ?? null;
  const mayPlace = permission.hasRoute(BOARD_CONFIG_SCREEN);

  return (
    <div className={styles.page} data-testid="sprite-view-page">
      <Card size="small">
        <div className={styles.toolbar}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 280 }}
            loading={list.loading}
            placeholder={t('sprites.view.choose')}
            options={list.sprites.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={sprite?.id}
            onChange={setChosenId}
            aria-label={t('sprites.view.choose')}
            data-testid="sprite-view-select"
          />
          <ConnectionState telemetry={telemetry} />
          {mayPlace && sprite && (
            <Button className={styles.toolbarEnd} icon={<PushpinOutlined />} onClick={() => setPlacing(true)} data-testid="sprite-place">
              {t('sprites.view.place')}
            </Button>
          )}
        </div>
      </Card>
      {sprite && telemetry ? (
        <LiveMimic key={`${sprite.id}:${sprite.updatedAt}`} sprite={sprite} telemetry={telemetry} />
      ) : (
        <Card>
          <Empty description={list.loading ? t('sprites.view.loading') : t('sprites.view.none')} data-testid="sprite-view-empty" />
        </Card>
      )}
      {placing && sprite && (
        <AddToBoardDialog
          element={mimicOfSprite(sprite)}
          defaultTitle={sprite.name}
          heading={t('sprites.view.placeTitle', { name: sprite.name })}
          okText={t('sprites.view.placeOk')}
          testId="sprite-place-dialog"
          onClose={() => setPlacing(false)}
        />
      )}
    </div>
  );
});
