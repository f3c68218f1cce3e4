import { App } from 'antd';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardVersionsApi } from '@shared/api/boardVersionsApi';
import { WidgetHostProvider } from '@boards/host/hostContext';
import { ChannelReaderProvider } from '@boards/runtime/channelReader';
import { widgetRegistry } from '@boards/widgets';
import { copyKioskLink } from '../boardLinks';
import { boardWallPath, openOnWall } from '../wallLinks';
import styles from './BoardEditor.module.css';
import { ConflictDialog } from './ConflictDialog';
import { EditorCanvas } from './EditorCanvas';
import type { EditorZoom } from './editorGrid';
import type { EditorIssue } from './editorIssues';
import type { EditorCommand } from './editorShortcuts';
import type { EditorStore } from './EditorStore';
import { EditorToolbar } from './EditorToolbar';
import { VersionHistoryDrawer } from './history/VersionHistoryDrawer';
import { Inspector, tabOfIssue, type InspectorTab } from './inspector/Inspector';
import { IssuesBar } from './IssuesBar';
import { offlineTelemetry } from './offlineTelemetry';
import { useEditorShortcuts } from './useEditorShortcuts';
import { useLiveTelemetry } from '../../../live/useLiveTelemetry';
import { useAvailableHeight } from '../../../layout/useAvailableHeight';
import { useUnsavedGuard } from './useUnsavedGuard';
import { WidgetPalette } from './WidgetPalette';

interface EditorWorkspaceProps {
  store: EditorStore;
  api: BoardVersionsApi;
  /** The editor is the current view (a kept-alive, hidden one must not take keys). */
  active: boolean;
  /** Back to the boards list, once any unsaved changes were confirmed away. */
  onExit(): void;
}

/** Toolbar over palette, canvas and inspector; the live preview reads the session's realtime connection. */
export const EditorWorkspace = observer(function EditorWorkspace({ store, api, active, onExit }: EditorWorkspaceProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const root = useRef<HTMLDivElement>(null);
  const height = useAvailableHeight(root, { bottomGap: 16 /* the view's bottom padding */, minHeight: 420, active });
  const [zoom, setZoom] = useState<EditorZoom>('fit');
  const [tab, setTab] = useState<InspectorTab>('widget');
  const [historyOpen, setHistoryOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  // The palette widget being dragged: read by the canvas while the pointer moves, so a ref, not state.
  const dragged = useRef<string | null>(null);
  const draggedType = useCallback(() => dragged.current, []);
  const telemetry = useLiveTelemetry();
  const environment = useMemo(() => ({ telemetry: telemetry ?? offlineTelemetry(), registry: widgetRegistry }), [telemetry]);
  useUnsavedGuard(store.dirty);

  // Picking a widget on the canvas shows its settings.
  useEffect(
    () =>
      reaction(
        () => store.selectedId,
        (id) => id !== null && setTab('widget'),
      ),
    [store],
  );

  const showIssue = useCallback(
    (issue: EditorIssue) => {
      if (issue.elementId !== null) store.select(issue.elementId);
      setTab(tabOfIssue(issue));
    },
    [store],
  );

  const save = useCallback(async () => {
    const outcome = await store.save();
    if (outcome === 'saved') void message.success(t('boardEditor.toolbar.saved', { revision: store.revision }));
    if (outcome === 'invalid') {
      void message.error(t('boardEditor.toolbar.notSaved'));
      const first = store.issues[0];
      if (first) showIssue(first);
    }
  }, [store, message, t, showIssue]);

  const leave = useCallback(() => {
    if (!store.dirty) return onExit();
    modal.confirm({
      title: t('boardEditor.leave.title'),
      content: t('boardEditor.leave.body'),
      okText: t('boardEditor.leave.ok'),
      cancelText: t('boardEditor.leave.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'editor-leave-ok' },
      cancelButtonProps: { 'data-testid': 'editor-leave-cancel' },
      onOk: onExit,
    });
  }, [store, modal, t, onExit]);

  const copyLink = useCallback(async () => {
    const link = await copyKioskLink(store.boardId);
    if (link) void message.success(t('displays.boards.linkCopied', { link }));
    else void message.warning(t('displays.actions.copyFailed'));
  }, [store, message, t]);

  const run = useCallback(
    (command: EditorCommand) => {
      if (command === 'save') void save();
      else if (command === 'undo') store.undo();
      else if (command === 'redo') store.redo();
      else if (command === 'remove') store.remove();
      else if (command === 'duplicate') store.duplicate();
      else if (command === 'deselect') store.select(null);
      else store.nudge(...command.nudge);
    },
    [store, save],
  );
  useEditorShortcuts(active, run);

  return (
    <div
      ref={root}
      className={`${styles.editor} ${focused ? styles.focused : ''}`}
      style={focused ? undefined : { height }}
      data-testid="board-editor"
      data-board-id={store.boardId}
      data-revision={store.revision}
    >
      <EditorToolbar
        store={store}
        zoom={zoom}
        onZoom={setZoom}
        focused={focused}
        onFocus={setFocused}
        onBack={leave}
        onSave={() => void save()}
        onHistory={() => setHistoryOpen(true)}
        onOpenOnWall={() => openOnWall(boardWallPath(store.boardId))}
        onCopyLink={() => void copyLink()}
      />
      <IssuesBar store={store} onShow={showIssue} />
      <div className={styles.body}>
        <WidgetPalette onAdd={(type) => store.addWidget(type)} onDragType={(type) => (dragged.current = type)} />
        <WidgetHostProvider environment={environment}>
          <ChannelReaderProvider reader={environment.telemetry}>
            <EditorCanvas store={store} zoom={zoom} draggedType={draggedType} />
          </ChannelReaderProvider>
        </WidgetHostProvider>
        <Inspector store={store} tab={tab} onTab={setTab} />
      </div>
      <ConflictDialog store={store} />
      <VersionHistoryDrawer
        open={historyOpen}
        boardId={store.boardId}
        current={{ document: store.document, revision: store.revision }}
        dirty={store.dirty}
        api={api}
        onRestored={(record) => store.load(record)}
        onClose={() => setHistoryOpen(false)}
      />
    </div>
  );
});
