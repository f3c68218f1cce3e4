import { Badge, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../BoardEditor.module.css';
import type { EditorStore } from '../EditorStore';
import { BoardInspector } from './BoardInspector';
import { CanvasInspector } from './CanvasInspector';
import { WidgetInspector } from './WidgetInspector';

export type InspectorTab = 'widget' | 'canvas' | 'board';

/** Count of problems in a tab, as a red dot on its label. */
const tabLabel = (label: string, count: number) =>
  count > 0 ? (
    <Badge dot offset={[4, 0]}>
      {label}
    </Badge>
  ) : (
    label
  );

/** The right-hand pane: the selected widget, the canvas, and the board's own fields, one tab each. */
export const Inspector = observer(function Inspector({ store, tab, onTab }: { store: EditorStore; tab: InspectorTab; onTab(tab: InspectorTab): void }) {
  const { t } = useTranslation();
  const count = (match: (section: string, elementId: string | null) => boolean) => store.issues.filter((issue) => match(issue.section, issue.elementId)).length;
  const pane = (children: ReactNode) => <div className={styles.inspectorPane}>{children}</div>;
  return (
    <aside className={styles.inspector} data-testid="editor-inspector">
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as InspectorTab)}
        size="small"
        items={[
          {
            key: 'widget',
            label: (
              <span data-testid="inspector-tab-widget">
                {tabLabel(
                  t('boardEditor.inspector.widget'),
                  count((_, id) => id !== null),
                )}
              </span>
            ),
            children: pane(<WidgetInspector store={store} />),
          },
          {
            key: 'canvas',
            label: (
              <span data-testid="inspector-tab-canvas">
                {tabLabel(
                  t('boardEditor.inspector.canvas'),
                  count((section) => section === 'canvas'),
                )}
              </span>
            ),
            children: pane(<CanvasInspector store={store} />),
          },
          {
            key: 'board',
            label: (
              <span data-testid="inspector-tab-board">
                {tabLabel(
                  t('boardEditor.inspector.board'),
                  count((section) => section === 'meta'),
                )}
              </span>
            ),
            children: pane(<BoardInspector store={store} />),
          },
        ]}
      />
    </aside>
  );
});

/** The tab that shows an issue's field. */
export function tabOfIssue(issue: { elementId: string | null; section: string }): InspectorTab {
  if (issue.elementId !== null) return 'widget';
  return issue.section === 'meta' ? 'board' : 'canvas';
}
