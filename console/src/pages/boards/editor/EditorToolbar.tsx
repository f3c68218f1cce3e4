import {
  ArrowLeftOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExportOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HistoryOutlined,
  LinkOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Divider, Select, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './BoardEditor.module.css';
import { ZOOM_STEPS, type EditorZoom } from './editorGrid';
import type { EditorStore } from './EditorStore';

interface EditorToolbarProps {
  store: EditorStore;
  zoom: EditorZoom;
  onZoom(zoom: EditorZoom): void;
  /** The editor covers the whole window (the console's menu and header hidden). */
  focused: boolean;
  onFocus(focused: boolean): void;
  onBack(): void;
  onSave(): void;
  onHistory(): void;
  onOpenOnWall(): void;
  onCopyLink(): void;
}

function ToolButton({
  title,
  icon,
  onClick,
  disabled,
  testId,
  danger,
}: {
  title: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
  testId: string;
  danger?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button type="text" icon={icon} onClick={onClick} disabled={disabled} danger={danger} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}

/** Back, the board's name, undo/redo, widget commands, history, the wall, and save with its unsaved dot. */
export const EditorToolbar = observer(function EditorToolbar({
  store,
  zoom,
  onZoom,
  focused,
  onFocus,
  onBack,
  onSave,
  onHistory,
  onOpenOnWall,
  onCopyLink,
}: EditorToolbarProps) {
  const { t } = useTranslation();
  const hasSelection = store.selected !== null;
  return (
    <div className={styles.toolbar} data-testid="editor-toolbar">
      <ToolButton title={t('boardEditor.toolbar.back')} icon={<ArrowLeftOutlined />} onClick={onBack} testId="editor-back" />
      <span className={styles.boardName} title={store.document.meta.name} data-testid="editor-board-name">
        {store.document.meta.name}
      </span>
      <ToolButton title={t('boardEditor.toolbar.undo')} icon={<UndoOutlined />} onClick={() => store.undo()} disabled={!store.canUndo} testId="editor-undo" />
      <ToolButton title={t('boardEditor.toolbar.redo')} icon={<RedoOutlined />} onClick={() => store.redo()} disabled={!store.canRedo} testId="editor-redo" />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('boardEditor.toolbar.duplicate')}
        icon={<CopyOutlined />}
        onClick={() => store.duplicate()}
        disabled={!hasSelection}
        testId="editor-duplicate"
      />
      <ToolButton
        title={t('boardEditor.toolbar.remove')}
        icon={<DeleteOutlined />}
        onClick={() => store.remove()}
        disabled={!hasSelection}
        testId="editor-delete"
        danger
      />
      <Divider orientation="vertical" />
      <Select<string>
        size="small"
        variant="borderless"
        value={String(zoom)}
        onChange={(value) => onZoom(value === 'fit' ? 'fit' : Number(value))}
        options={[
          { value: 'fit', label: t('boardEditor.toolbar.fit') },
          ...ZOOM_STEPS.map((step) => ({ value: String(step), label: `${Math.round(step * 100)}%` })),
        ]}
        style={{ width: 92 }}
        aria-label={t('boardEditor.toolbar.zoom')}
        data-testid="editor-zoom"
      />
      <ToolButton
        title={focused ? t('boardEditor.toolbar.unfocus') : t('boardEditor.toolbar.focus')}
        icon={focused ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => onFocus(!focused)}
        testId="editor-focus"
      />
      <ToolButton title={t('boardEditor.toolbar.history')} icon={<HistoryOutlined />} onClick={onHistory} testId="editor-history" />
      <ToolButton title={t('boardEditor.toolbar.openOnWall')} icon={<ExportOutlined />} onClick={onOpenOnWall} testId="editor-open-wall" />
      <ToolButton title={t('boardEditor.toolbar.copyLink')} icon={<LinkOutlined />} onClick={onCopyLink} testId="editor-copy-link" />
      <Tooltip title={store.dirty ? t('boardEditor.toolbar.unsaved') : t('boardEditor.toolbar.allSaved')}>
        <Button type="primary" icon={<SaveOutlined />} loading={store.saving} onClick={onSave} data-testid="editor-save" style={{ marginLeft: 4 }}>
          {t('boardEditor.toolbar.save')}
          {store.dirty && <span className={styles.dirtyDot} data-testid="editor-dirty" aria-label={t('boardEditor.toolbar.unsaved')} />}
        </Button>
      </Tooltip>
    </div>
  );
});
