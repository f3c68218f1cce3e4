import { CheckOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { THEME_PRESETS } from '@shared/stores/settingsStore';
import { useStores } from '../../stores/StoreContext';
import styles from './SettingsDrawer.module.css';

/** Spec §2: the 8 preset theme colours; picking one re-themes the whole console at once. */
export const ThemeSwatches = observer(function ThemeSwatches() {
  const { settings } = useStores();
  const { t } = useTranslation();
  return (
    <div className={styles.swatches} role="radiogroup" aria-label={t('settingsDrawer.themeColor')}>
      {THEME_PRESETS.map((color) => {
        const selected = settings.theme === color;
        return (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={t('settingsDrawer.pickColor', { color })}
            title={color}
            data-testid={`theme-color-${color.slice(1)}`}
            className={[styles.swatch, selected ? styles.selected : ''].join(' ')}
            style={{ background: color, color: selected ? color : undefined }}
            onClick={() => settings.setTheme(color)}
          >
            {selected && <CheckOutlined style={{ color: '#fff' }} />}
          </button>
        );
      })}
    </div>
  );
});
