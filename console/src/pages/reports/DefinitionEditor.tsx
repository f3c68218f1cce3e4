import { Alert, Button, Card, DatePicker, Drawer, Flex, Form, Input, InputNumber, Select, Space, Spin, Switch, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHART_TYPES,
  PAPER_ORIENTATIONS,
  PAPER_SIZES,
  PERIOD_PRESETS,
  REPORT_GRAINS,
  REPORT_GROUPINGS,
  REPORT_LANGS,
  REPORT_LAYOUTS,
  REPORT_OBJECT_KINDS,
  type ReportObjectKind,
} from '@shared/reports/constants';
import { reportPreviewSchema } from '@shared/reports/spec';
import type { ReportTable } from '@shared/reports/table';
import type { ReportDefinitionView } from '@shared/reports/types';
import { ENERGY_TYPES } from '@shared/resources/meters';
import type { ResourceOption } from '@shared/resources';
import { formFields, serverIssues } from '../../forms/fieldErrors';
import { useNotify } from '../../feedback/notify';
import { ColumnsEditor, metricsOfKind, type CheckRule } from './ColumnsEditor';
import type { ReportsApi } from './reportsApi';
import { ReportTableView } from './reportTableView';
import { checkEditor, definitionBody, editorErrors, type ColumnValues, type EditorValues } from './specForm';
import styles from './reports.module.css';

const PREVIEW_DELAY_MS = 600;
type FieldData = Parameters<FormInstance<EditorValues>['setFields']>[0][number];

/** A date field holding 'YYYY-MM-DD' text in the form. */
const dateProps = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : undefined),
};

interface DefinitionEditorProps {
  api: ReportsApi;
  /** The definition edited, or null for a new one. */
  definition: ReportDefinitionView | null;
  initial: EditorValues;
  onClose(): void;
  onSaved(saved: ReportDefinitionView): void;
}

/**
 * The definition editor: a wide drawer with the form on the left and a live preview on the right (1366 × 768
 * fits both). Each field is checked on blur with the contract the server uses; a refused save puts the server's
 * issues under their fields. The preview is asked for 600 ms after the last change, only when the spec parses.
 */
export function DefinitionEditor({ api, definition, initial, onClose, onSaved }: DefinitionEditorProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form] = Form.useForm<EditorValues>();
  const [saving, setSaving] = useState(false);
  const rule = (field: string): CheckRule => ({
    validator: async () => {
      const text = checkEditor(t, form.getFieldsValue(true) as EditorValues)[field];
      if (text) throw new Error(text);
    },
  });

  const save = async () => {
    const values = form.getFieldsValue(true) as EditorValues;
    const errors = checkEditor(t, values);
    if (Object.keys(errors).length) {
      form.setFields(formFields(errors) as FieldData[]);
      return;
    }
    setSaving(true);
    try {
      const body = definitionBody(values);
      const saved = definition ? await api.updateDefinition(definition.id, body) : await api.createDefinition(body);
      notify.success(t('reports.editor.saved'));
      onSaved(saved);
    } catch (error) {
      form.setFields(formFields(editorErrors(t, serverIssues(error))) as FieldData[]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size="min(1320px, 96vw)"
      title={definition ? t('reports.editor.titleEdit') : t('reports.editor.titleNew')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('reports.editor.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="editor-save">
            {t('reports.editor.save')}
          </Button>
        </Space>
      }
      data-testid="definition-editor"
    >
      <div className={styles.editor}>
        <Form form={form} layout="vertical" size="small" initialValues={initial} validateTrigger="onBlur" className={styles.editorForm}>
          <EditorFields api={api} form={form} rule={rule} />
        </Form>
        <PreviewPane api={api} form={form} />
      </div>
    </Drawer>
  );
}

/**
 * A new object kind: the chosen objects were of the old kind, and a metric column the new kind has no such metric
 * for takes the kind's first one. Ships have no energy type and no department: those go back to all and none.
 */
function onKindChange(form: FormInstance<EditorValues>, kind: ReportObjectKind) {
  form.setFieldValue(['spec', 'objects', 'ids'], []);
  const offered = metricsOfKind(kind);
  const columns = (form.getFieldValue(['spec', 'columns']) ?? []) as ColumnValues[];
  form.setFieldValue(
    ['spec', 'columns'],
    columns.map((column) => (column.kind === 'metric' && column.metric && !offered.includes(column.metric) ? { ...column, metric: offered[0] } : column)),
  );
  if (kind === 'ship') {
    form.setFieldValue(['spec', 'objects', 'energyType'], 'all');
    form.setFieldValue(['spec', 'groupBy'], 'none');
  }
}

function EditorFields({ api, form, rule }: { api: ReportsApi; form: FormInstance<EditorValues>; rule(field: string): CheckRule }) {
  const { t } = useTranslation();
  const kind = Form.useWatch(['spec', 'objects', 'kind'], form) as ReportObjectKind | undefined;
  const preset = Form.useWatch(['spec', 'period', 'preset'], form) as string | undefined;
  const chartType = Form.useWatch(['spec', 'chart', 'type'], form) as string | undefined;
  const columns = (Form.useWatch(['spec', 'columns'], form) ?? []) as ColumnValues[];
  const [options, setOptions] = useState<ResourceOption[]>([]);
  const [loadingOptions, setLoadingOptions] = useState(false);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    setLoadingOptions(true);
    api
      .objectOptions(kind)
      .then((found) => live && setOptions(found))
      .catch(() => live && setOptions([]))
      .finally(() => live && setLoadingOptions(false));
    return () => {
      live = false;
    };
  }, [api, kind]);

  const item = (field: string) => ({ name: field.split('.'), rules: [rule(field)] });
  const choices = <T extends string>(values: readonly T[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <>
      <div className={styles.section}>{t('reports.editor.sectionGeneral')}</div>
      <Form.Item label={t('reports.editor.name')} {...item('name')}>
        <Input maxLength={80} data-testid="editor-name" />
      </Form.Item>
      <Form.Item label={t('reports.editor.description')} {...item('description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="editor-description" />
      </Form.Item>

      <div className={styles.section}>{t('reports.editor.sectionObjects')}</div>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.objectKind')} {...item('spec.objects.kind')} className={styles.fieldMid}>
          <Select
            options={choices(REPORT_OBJECT_KINDS, 'reports.kindNames')}
            onChange={(next: ReportObjectKind) => onKindChange(form, next)}
            data-testid="editor-kind"
          />
        </Form.Item>
        {/* Ships burn fuel: no energy type to filter them by (the contract refuses one). */}
        {kind !== 'ship' && (
          <Form.Item label={t('reports.editor.energyType')} {...item('spec.objects.energyType')} className={styles.fieldMid}>
            <Select
              options={[{ value: 'all', label: t('reports.editor.energyAll') }, ...choices(ENERGY_TYPES, 'reports.energyTypes')]}
              data-testid="editor-energy-type"
            />
          </Form.Item>
        )}
      </Flex>
      <Form.Item label={t('reports.editor.objectIds')} {...item('spec.objects.ids')}>
        <Select
          mode="multiple"
          allowClear
          loading={loadingOptions}
          placeholder={t('reports.editor.objectIdsAll')}
          optionFilterProp="label"
          maxTagCount="responsive"
          options={options.map((option) => ({ value: option.id, label: option.name }))}
          data-testid="editor-objects"
        />
      </Form.Item>

      <div className={styles.section}>{t('reports.editor.sectionLayout')}</div>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.layout')} {...item('spec.layout')} className={styles.fieldWide}>
          <Select options={choices(REPORT_LAYOUTS, 'reports.layouts')} data-testid="editor-layout" />
        </Form.Item>
        <Form.Item label={t('reports.editor.grain')} {...item('spec.grain')} className={styles.fieldNarrow}>
          <Select options={choices(REPORT_GRAINS, 'reports.grains')} data-testid="editor-grain" />
        </Form.Item>
        <Form.Item label={t('reports.editor.splitByPeriod')} name={['spec', 'splitByPeriod']} valuePropName="checked">
          <Switch data-testid="editor-split" />
        </Form.Item>
      </Flex>

      <div className={styles.section}>{t('reports.editor.sectionColumns')}</div>
      <ColumnsEditor form={form} rule={rule} />

      <div className={styles.section}>{t('reports.editor.sectionOutput')}</div>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.groupBy')} {...item('spec.groupBy')} className={styles.fieldMid}>
          <Select options={choices(REPORT_GROUPINGS, 'reports.groupings')} data-testid="editor-group-by" />
        </Form.Item>
        <Form.Item label={t('reports.editor.subtotals')} name={['spec', 'subtotals']} valuePropName="checked">
          <Switch data-testid="editor-subtotals" />
        </Form.Item>
        <Form.Item label={t('reports.editor.totals')} name={['spec', 'totals']} valuePropName="checked">
          <Switch data-testid="editor-totals" />
        </Form.Item>
        <Form.Item label={t('reports.editor.unitScale')} {...item('spec.unitScale')} className={styles.fieldWide}>
          <Select
            options={[
              { value: 1, label: t('reports.editor.unitBase') },
              { value: 1000, label: t('reports.editor.unitThousand') },
            ]}
            data-testid="editor-unit"
          />
        </Form.Item>
        <Form.Item label={t('reports.editor.decimals')} {...item('spec.decimals')} className={styles.fieldNarrow}>
          <InputNumber min={0} max={6} precision={0} data-testid="editor-decimals" />
        </Form.Item>
        <Form.Item label={t('reports.editor.lang')} {...item('spec.lang')} className={styles.fieldMid}>
          <Select options={choices(REPORT_LANGS, 'reports.languages')} data-testid="editor-lang" />
        </Form.Item>
      </Flex>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.chartType')} {...item('spec.chart.type')} className={styles.fieldMid}>
          <Select options={choices(CHART_TYPES, 'reports.charts')} data-testid="editor-chart" />
        </Form.Item>
        {chartType && chartType !== 'none' && (
          <Form.Item label={t('reports.editor.chartColumn')} {...item('spec.chart.column')} className={styles.fieldWide}>
            <Select options={columns.map((column) => ({ value: column.id, label: column.label?.trim() || column.id }))} data-testid="editor-chart-column" />
          </Form.Item>
        )}
        <Form.Item label={t('reports.editor.paperSize')} {...item('spec.paper.size')} className={styles.fieldNarrow}>
          <Select options={PAPER_SIZES.map((value) => ({ value, label: value }))} data-testid="editor-paper" />
        </Form.Item>
        <Form.Item label={t('reports.editor.orientation')} {...item('spec.paper.orientation')} className={styles.fieldMid}>
          <Select options={choices(PAPER_ORIENTATIONS, 'reports.orientations')} data-testid="editor-orientation" />
        </Form.Item>
      </Flex>

      <div className={styles.section}>{t('reports.editor.sectionPeriod')}</div>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.period')} {...item('spec.period.preset')} className={styles.fieldWide}>
          <Select options={choices(PERIOD_PRESETS, 'reports.presets')} data-testid="editor-period" />
        </Form.Item>
        {preset === 'custom' && (
          <>
            <Form.Item label={t('reports.editor.from')} {...item('spec.period.from')} {...dateProps}>
              <DatePicker data-testid="editor-period-from" />
            </Form.Item>
            <Form.Item label={t('reports.editor.to')} {...item('spec.period.to')} {...dateProps}>
              <DatePicker data-testid="editor-period-to" />
            </Form.Item>
          </>
        )}
      </Flex>
      <Flex gap={8} wrap>
        <Form.Item label={t('reports.editor.base')} tooltip={t('reports.editor.baseHint')} {...item('spec.base.from')} {...dateProps}>
          <DatePicker placeholder={t('reports.editor.from')} data-testid="editor-base-from" />
        </Form.Item>
        <Form.Item label=" " {...item('spec.base.to')} {...dateProps}>
          <DatePicker placeholder={t('reports.editor.to')} data-testid="editor-base-to" />
        </Form.Item>
      </Flex>
    </>
  );
}

/** The live preview: the definition's table on real data, re-asked 600 ms after the last change that parses. */
function PreviewPane({ api, form }: { api: ReportsApi; form: FormInstance<EditorValues> }) {
  const { t } = useTranslation();
  const values = Form.useWatch([], { form, preserve: true }) as EditorValues | undefined;
  const [table, setTable] = useState<ReportTable | null>(null);
  const [state, setState] = useState<'waiting' | 'loading' | 'done' | 'failed'>('waiting');
  const seq = useRef(0);
  const spec = useMemo(() => {
    if (!values?.spec) return null;
    const body = definitionBody(values).spec;
    return reportPreviewSchema.safeParse({ spec: body }).success ? body : null;
  }, [values]);
  const key = spec ? JSON.stringify(spec) : '';

  useEffect(() => {
    if (!spec) {
      setState((previous) => (previous === 'done' ? previous : 'waiting'));
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      setState('loading');
      api
        .preview(spec)
        .then((next) => {
          if (mine !== seq.current) return;
          setTable(next);
          setState('done');
        })
        .catch(() => mine === seq.current && setState('failed'));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the spec's content: a re-render with equal values asks nothing
  }, [api, key]);

  return (
    <Card size="small" title={t('reports.editor.preview')} className={styles.preview} data-testid="editor-preview" data-state={state}>
      <div className={styles.previewSubtitle}>{t('reports.editor.previewHint')}</div>
      {state === 'failed' && <Alert type="warning" showIcon title={t('reports.editor.previewFailed')} />}
      {!spec && !table && <div className={styles.muted}>{t('reports.editor.previewWaiting')}</div>}
      <Spin spinning={state === 'loading'}>{table && <ReportTableView table={table} maxHeight="calc(100vh - 220px)" compact />}</Spin>
    </Card>
  );
}
