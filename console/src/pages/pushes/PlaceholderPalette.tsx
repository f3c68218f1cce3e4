import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@shared/schemas/pushes';
import { placeholderToken } from './placeholders';
import styles from './Pushes.module.css';

/** One button per placeholder; a click inserts `{{name}}` at the caret of the field being written. */
export function PlaceholderPalette({ onInsert }: { onInsert: (name: TemplatePlaceholder) => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('pushes.templates.paletteHint')}
      </Typography.Text>
      <div className={styles.palette} data-testid="placeholder-palette">
        {TEMPLATE_PLACEHOLDERS.map((name) => (
          <Tooltip key={name} title={t(`pushes.placeholders.${name}`)}>
            <Button
              size="small"
              className={styles.token}
              // Keep the focus (and so the caret) in the text field being written.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(name)}
              data-testid={`placeholder-${name}`}
            >
              {placeholderToken(name)}
            </Button>
          </Tooltip>
        ))}
      </div>
    </div>
  );
}
