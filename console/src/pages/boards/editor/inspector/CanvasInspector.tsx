import { Form, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { BOARD_THEMES, MAX_DESIGN_SIZE, MAX_GRID_COLS, MIN_DESIGN_SIZE, SCALE_MODES } from '@shared/board/document';
import { DESIGN_SIZE_PRESETS } from '../../newBoard';
import styles from '../BoardEditor.module.css';
import { sectionErrors } from '../editorIssues';
import type { EditorStore } from '../EditorStore';
import { ColourInput } from '../options/ColourInput';
import { BackgroundPicture } from './BackgroundPicture';
import { fieldStatus } from './FieldHelp';

/** Design size, how walls of other sizes scale it, the theme, the background, and the grid. */
export const CanvasInspector = observer(function CanvasInspector({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const { canvas, theme } = store.document;
  const grid = store.document.layout.spec;
  const errors = sectionErrors(store.issues, null, 'canvas');
  const preset = DESIGN_SIZE_PRESETS.find((size) => size.width === canvas.designWidth && size.height === canvas.designHeight)?.key ?? 'custom';
  const whole = (apply: (value: number) => void) => (value: number | null) => value !== null && apply(value);

  return (
    <Form layout="vertical" component="div" data-testid="inspector-canvas">
      <div className={styles.sectionTitle}>{t('boardEditor.canvasFields.size')}</div>
      <Form.Item style={{ marginBottom: 8 }}>
        <Select
          value={preset}
          onChange={(key) => {
            const size = DESIGN_SIZE_PRESETS.find((candidate) => candidate.key === key);
            if (size) store.setCanvas({ designWidth: size.width, designHeight: size.height });
          }}
          options={[
            ...DESIGN_SIZE_PRESETS.map((size) => ({ value: size.key, label: `${size.width}×${size.height}` })),
            { value: 'custom', label: t('displays.newBoard.custom'), disabled: true },
          ]}
          data-testid="canvas-size-preset"
        />
      </Form.Item>
      <Space size={8} align="start">
        <Form.Item label={t('boardEditor.canvasFields.designWidth')} {...fieldStatus(t, errors['canvas.designWidth'])}>
          <InputNumber
            min={MIN_DESIGN_SIZE}
            max={MAX_DESIGN_SIZE}
            precision={0}
            value={canvas.designWidth}
            onChange={whole((designWidth) => store.setCanvas({ designWidth }))}
            data-testid="canvas-design-width"
          />
        </Form.Item>
        <Form.Item label={t('boardEditor.canvasFields.designHeight')} {...fieldStatus(t, errors['canvas.designHeight'])}>
          <InputNumber
            min={MIN_DESIGN_SIZE}
            max={MAX_DESIGN_SIZE}
            precision={0}
            value={canvas.designHeight}
            onChange={whole((designHeight) => store.setCanvas({ designHeight }))}
            data-testid="canvas-design-height"
          />
        </Form.Item>
      </Space>
      <Form.Item label={t('boardEditor.canvasFields.scaleMode')} {...fieldStatus(t, errors['canvas.scaleMode'])}>
        <Select
          value={canvas.scaleMode}
          onChange={(scaleMode) => store.setCanvas({ scaleMode })}
          options={SCALE_MODES.map((mode) => ({ value: mode, label: t(`boardEditor.canvasFields.scaleModes.${mode}`) }))}
          data-testid="canvas-scale-mode"
        />
      </Form.Item>

      <div className={styles.sectionTitle}>{t('boardEditor.canvasFields.look')}</div>
      <Form.Item label={t('boardEditor.canvasFields.themeMode')}>
        <Segmented
          block
          value={theme.mode}
          onChange={(mode) => store.setTheme({ mode })}
          options={BOARD_THEMES.map((mode) => ({ value: mode, label: t(`boardEditor.canvasFields.themes.${mode}`) }))}
          data-testid="canvas-theme-mode"
        />
      </Form.Item>
      <Form.Item label={t('boardEditor.canvasFields.background')} {...fieldStatus(t, errors['theme.background'])}>
        <ColourInput
          value={theme.background}
          onChange={(background) => store.setTheme({ background })}
          optional={false}
          label={t('boardEditor.canvasFields.background')}
          testId="canvas-background"
        />
      </Form.Item>
      <Form.Item label={t('boardEditor.canvasFields.accent')} {...fieldStatus(t, errors['theme.accent'])}>
        <ColourInput
          value={theme.accent}
          onChange={(accent) => store.setTheme({ accent })}
          optional={false}
          label={t('boardEditor.canvasFields.accent')}
          testId="canvas-accent"
        />
      </Form.Item>
      <Form.Item label={t('boardEditor.canvasFields.backgroundImage')} {...fieldStatus(t, errors['theme.backgroundImage'])}>
        <BackgroundPicture value={theme.backgroundImage} onChange={(backgroundImage) => store.setTheme({ backgroundImage })} />
      </Form.Item>

      <div className={styles.sectionTitle}>{t('boardEditor.canvasFields.grid')}</div>
      <Space size={8} align="start" wrap>
        <Form.Item label={t('boardEditor.canvasFields.cols')} {...fieldStatus(t, errors['grid.cols'])}>
          <InputNumber
            min={1}
            max={MAX_GRID_COLS}
            precision={0}
            value={grid.cols}
            onChange={whole((cols) => store.setGrid({ cols }))}
            style={{ width: 84 }}
            data-testid="canvas-grid-cols"
          />
        </Form.Item>
        <Form.Item label={t('boardEditor.canvasFields.rowHeight')} {...fieldStatus(t, errors['grid.rowHeight'])}>
          <InputNumber
            min={4}
            max={1000}
            precision={0}
            value={grid.rowHeight}
            onChange={whole((rowHeight) => store.setGrid({ rowHeight }))}
            style={{ width: 84 }}
            data-testid="canvas-grid-row-height"
          />
        </Form.Item>
        <Form.Item label={t('boardEditor.canvasFields.gap')} {...fieldStatus(t, errors['grid.gap'])}>
          <InputNumber
            min={0}
            max={64}
            precision={0}
            value={grid.gap}
            onChange={whole((gap) => store.setGrid({ gap }))}
            style={{ width: 84 }}
            data-testid="canvas-grid-gap"
          />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('boardEditor.canvasFields.gridNote')}
      </Typography.Paragraph>
    </Form>
  );
});
