import { Alert, Empty, Form, Input, InputNumber, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { MAX_GRID_ROWS } from '@shared/board/document';
import { widgetRegistry } from '@boards/widgets';
import { BindingPicker } from '../binding/BindingPicker';
import styles from '../BoardEditor.module.css';
import { sectionErrors } from '../editorIssues';
import type { EditorStore } from '../EditorStore';
import { issueText } from '../issueText';
import { SchemaForm } from '../options/SchemaForm';
import { fieldStatus } from './FieldHelp';

const PLACEMENT = ['x', 'y', 'w', 'h'] as const;

/** The selected widget: title, grid placement, its options (generated from the schema) and its data binding. */
export const WidgetInspector = observer(function WidgetInspector({ store }: { store: EditorStore }) {
  const { t } = useTranslation();
  const selected = store.selected;
  if (!selected) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('boardEditor.inspector.nothingSelected')} data-testid="inspector-nothing" />;

  const { id, element, item } = selected;
  const descriptor = widgetRegistry.get(element.type);
  const name = descriptor ? t(descriptor.nameKey, { defaultValue: descriptor.id }) : element.type;
  const titleError = sectionErrors(store.issues, id, 'title').title;
  const placementErrors = sectionErrors(store.issues, id, 'layout');
  const elementErrors = Object.values(sectionErrors(store.issues, id, 'element'));
  const cols = store.document.layout.spec.cols;
  const limits = { x: [0, cols - 1], y: [0, MAX_GRID_ROWS - 1], w: [1, cols], h: [1, MAX_GRID_ROWS] } as const;

  return (
    <div data-testid="inspector-widget" data-element-id={id}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {name}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('boardEditor.inspector.widgetId', { id })}
      </Typography.Text>
      {!descriptor && <Alert type="error" showIcon style={{ marginTop: 8 }} title={t('boardEditor.inspector.unknownWidget', { type: element.type })} />}
      {elementErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={elementErrors.map((message) => issueText(t, message)).join(' · ')}
          data-testid="inspector-element-errors"
        />
      )}
      <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
        <Form.Item label={t('boardEditor.inspector.title')} {...fieldStatus(t, titleError)}>
          <Input
            value={element.title}
            maxLength={80}
            allowClear
            placeholder={t('boardEditor.inspector.titlePlaceholder')}
            onChange={(event) => store.setTitle(id, event.target.value)}
            data-testid="inspector-title"
          />
        </Form.Item>
        <Form.Item label={t('boardEditor.inspector.placement')} {...fieldStatus(t, Object.values(placementErrors)[0])}>
          <Space.Compact block>
            {PLACEMENT.map((key) => (
              <InputNumber
                key={key}
                size="small"
                min={limits[key][0]}
                max={limits[key][1]}
                precision={0}
                value={item[key]}
                prefix={<span style={{ color: 'rgba(0,0,0,0.45)' }}>{key.toUpperCase()}</span>}
                title={t(`boardEditor.inspector.${key}`)}
                aria-label={t(`boardEditor.inspector.${key}`)}
                onChange={(value) => value !== null && store.place(id, { [key]: value })}
                style={{ width: '25%' }}
                data-testid={`inspector-${key}`}
              />
            ))}
          </Space.Compact>
        </Form.Item>
      </Form>
      {descriptor && (
        <>
          <div className={styles.sectionTitle}>{t('boardEditor.inspector.options')}</div>
          <SchemaForm
            key={`options:${id}`}
            schema={descriptor.options}
            value={element.options}
            onChange={(next) => store.setOptions(id, next)}
            errors={sectionErrors(store.issues, id, 'options')}
            widgetType={descriptor.id}
            testIdPrefix="inspector-option"
          />
          <div className={styles.sectionTitle}>{t('boardEditor.inspector.data')}</div>
          {descriptor.bindingFields && descriptor.bindingFields.length > 0 ? (
            <BindingPicker
              key={`binding:${id}`}
              fields={descriptor.bindingFields}
              value={element.binding}
              onChange={(next) => store.setBinding(id, next)}
              errors={sectionErrors(store.issues, id, 'binding')}
            />
          ) : (
            <Typography.Text type="secondary">{t('boardEditor.inspector.noData')}</Typography.Text>
          )}
        </>
      )}
    </div>
  );
});
