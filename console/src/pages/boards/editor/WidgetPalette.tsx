import { AlertOutlined, AppstoreOutlined, BarChartOutlined, DashboardOutlined, PictureOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_CATEGORIES, type AnyWidgetDescriptor, type WidgetCategory } from '@boards/widgetDescriptor';
import { widgetRegistry } from '@boards/widgets';
import styles from './BoardEditor.module.css';

const CATEGORY_ICONS: Readonly<Record<WidgetCategory, ReactNode>> = {
  figures: <DashboardOutlined />,
  charts: <BarChartOutlined />,
  energy: <ThunderboltOutlined />,
  alarms: <AlertOutlined />,
  media: <PictureOutlined />,
  '3d': <AppstoreOutlined />,
};

interface PaletteGroup {
  category: WidgetCategory;
  widgets: { descriptor: AnyWidgetDescriptor; name: string }[];
}

interface WidgetPaletteProps {
  /** A click: the widget goes to the first free spot. */
  onAdd(type: string): void;
  /** A drag started (the type) or ended (null): the canvas places the widget where it is dropped. */
  onDragType(type: string | null): void;
}

/** The widget catalogue by category, names in the reader's language; click or drag a widget onto the board. */
export function WidgetPalette({ onAdd, onDragType }: WidgetPaletteProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const groups = useMemo<PaletteGroup[]>(() => {
    const needle = filter.trim().toLowerCase();
    const named = widgetRegistry.list().map((descriptor) => ({ descriptor, name: t(descriptor.nameKey, { defaultValue: descriptor.id }) }));
    return WIDGET_CATEGORIES.map((category) => ({
      category,
      widgets: named
        .filter(
          ({ descriptor, name }) => descriptor.category === category && (!needle || name.toLowerCase().includes(needle) || descriptor.id.includes(needle)),
        )
        .sort((a, b) => a.name.localeCompare(b.name)),
    })).filter((group) => group.widgets.length > 0);
  }, [t, filter]);

  return (
    <nav className={styles.palette} aria-label={t('boardEditor.palette.title')} data-testid="editor-palette">
      <Input
        size="small"
        allowClear
        placeholder={t('boardEditor.palette.search')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        data-testid="editor-palette-search"
      />
      {groups.map((group) => (
        <section key={group.category}>
          <div className={styles.paletteGroup}>{t(`boardEditor.categories.${group.category}`)}</div>
          {group.widgets.map(({ descriptor, name }) => (
            <button
              key={descriptor.id}
              type="button"
              className={styles.paletteItem}
              title={t('boardEditor.palette.add', { name })}
              onClick={() => onAdd(descriptor.id)}
              draggable
              onDragStart={(event) => {
                // Firefox starts a drag only with some data set.
                event.dataTransfer.setData('text/plain', descriptor.id);
                event.dataTransfer.effectAllowed = 'copy';
                onDragType(descriptor.id);
              }}
              onDragEnd={() => onDragType(null)}
              data-testid={`editor-palette-${descriptor.id}`}
            >
              {CATEGORY_ICONS[group.category]}
              <span className={styles.paletteItemName}>{name}</span>
            </button>
          ))}
        </section>
      ))}
    </nav>
  );
}
