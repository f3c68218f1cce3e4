import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, FunctionOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Select, Tag, Tooltip, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS } from '@shared/schemas/alarms';
import {
  BAND_METRICS,
  COMPARE_MODES,
  COMPARE_SHOWS,
  FORMULA_OPS,
  FUEL_METRICS,
  LINE_METRICS,
  LINE_ONLY_METRICS,
  REPORT_METRICS,
  SHIP_METRICS,
  type ReportMetric,
  type ReportObjectKind,
} from '@shared/reports/constants';
import { SHIP_FUELS } from '@shared/ships/fuels';
import { BAND_TYPES } from '@shared/tariffs/bands';
import { nextColumnId, type ColumnValues, type EditorValues } from './specForm';
import styles from './reports.module.css';

/** A field check against the contract (fits both a field's and a list's rules). */
export interface CheckRule {
  validator(): Promise<void>;
}

interface ColumnsEditorProps {
  form: FormInstance<EditorValues>;
  /** The contract's rule for one editor field (checked on blur). */
  rule(field: string): CheckRule;
}

/**
 * The metrics the editor offers for an object kind: lines and ships have their own short lists; output and SEC
 * belong to lines only, fuel, CO₂ and distance to ships only (the contract's rules say the same).
 */
export function metricsOfKind(kind: ReportObjectKind | undefined): ReportMetric[] {
  if (kind === 'line') return LINE_METRICS.slice();
  if (kind === 'ship') return SHIP_METRICS.slice();
  return REPORT_METRICS.filter((metric) => !LINE_ONLY_METRICS.includes(metric) && !SHIP_METRICS.includes(metric));
}

/**
 * The definition's columns: metric columns (metric, band, alarm kind, comparison, label, decimals) and formula
 * columns over earlier ones (op, a, b), each movable and removable. Ids are generated (c1, c2…) and shown, since
 * formulas and the chart name columns by id.
 */
export function ColumnsEditor({ form, rule }: ColumnsEditorProps) {
  const { t } = useTranslation();
  const columns = (Form.useWatch(['spec', 'columns'], form) ?? []) as ColumnValues[];
  const kind = Form.useWatch(['spec', 'objects', 'kind'], form) as ReportObjectKind | undefined;
  const metrics = metricsOfKind(kind);
  const columnName = (column: ColumnValues | undefined) =>
    !column
      ? ''
      : column.label?.trim() ||
        (column.kind === 'formula'
          ? `${column.id} · ${t(`reports.ops.${column.op ?? 'difference'}`)}`
          : `${column.id} · ${t(`reports.metrics.${column.metric ?? 'energy'}`)}`);
  return (
    <Form.List name={['spec', 'columns']} rules={[rule('spec.columns')]}>
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={8} data-testid="editor-columns">
          {fields.map((field, index) => {
            const column = columns[index];
            const path = (name: string) => `spec.columns.${index}.${name}`;
            const earlier = columns.slice(0, index).map((other) => ({ value: other.id, label: columnName(other) }));
            const isFormula = column?.kind === 'formula';
            return (
              <div key={field.key} className={styles.column} data-testid={`column-${index}`}>
                <Flex gap={8} align="center" wrap>
                  <Tag color={isFormula ? 'purple' : 'blue'}>{column?.id}</Tag>
                  <span className={styles.columnKind}>{isFormula ? t('reports.columns.formulaKind') : t('reports.columns.metricKind')}</span>
                  <Flex gap={0} className={styles.columnTools}>
                    <Tooltip title={t('reports.columns.up')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        aria-label={t('reports.columns.up')}
                        data-testid={`column-${index}-up`}
                      />
                    </Tooltip>
                    <Tooltip title={t('reports.columns.down')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label={t('reports.columns.down')}
                        data-testid={`column-${index}-down`}
                      />
                    </Tooltip>
                    <Tooltip title={t('reports.columns.remove')}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(index)}
                        aria-label={t('reports.columns.remove')}
                        data-testid={`column-${index}-remove`}
                      />
                    </Tooltip>
                  </Flex>
                </Flex>
                <Form.Item name={[field.name, 'id']} hidden rules={[rule(path('id'))]}>
                  <Input />
                </Form.Item>
                <Form.Item name={[field.name, 'kind']} hidden>
                  <Input />
                </Form.Item>
                <Flex gap={8} wrap className={styles.columnFields}>
                  {isFormula ? (
                    <>
                      <Form.Item label={t('reports.columns.op')} name={[field.name, 'op']} rules={[rule(path('op'))]} className={styles.fieldMid}>
                        <Select options={FORMULA_OPS.map((value) => ({ value, label: t(`reports.ops.${value}`) }))} data-testid={`column-${index}-op`} />
                      </Form.Item>
                      <Form.Item label={t('reports.columns.a')} name={[field.name, 'a']} rules={[rule(path('a'))]} className={styles.fieldWide}>
                        <Select options={earlier} data-testid={`column-${index}-a`} />
                      </Form.Item>
                      {column?.op !== 'share' && (
                        <Form.Item label={t('reports.columns.b')} name={[field.name, 'b']} rules={[rule(path('b'))]} className={styles.fieldWide}>
                          <Select options={earlier} data-testid={`column-${index}-b`} />
                        </Form.Item>
                      )}
                    </>
                  ) : (
                    <>
                      <Form.Item label={t('reports.columns.metric')} name={[field.name, 'metric']} rules={[rule(path('metric'))]} className={styles.fieldWide}>
                        <Select options={metrics.map((value) => ({ value, label: t(`reports.metrics.${value}`) }))} data-testid={`column-${index}-metric`} />
                      </Form.Item>
                      {column?.metric && BAND_METRICS.includes(column.metric) && (
                        <Form.Item label={t('reports.columns.band')} name={[field.name, 'band']} rules={[rule(path('band'))]} className={styles.fieldMid}>
                          <Select options={BAND_TYPES.map((value) => ({ value, label: t(`reports.bands.${value}`) }))} data-testid={`column-${index}-band`} />
                        </Form.Item>
                      )}
                      {column?.metric === 'alarmCount' && (
                        <Form.Item label={t('reports.columns.alarmKind')} name={[field.name, 'alarmKind']} className={styles.fieldMid}>
                          <Select
                            allowClear
                            placeholder={t('reports.columns.alarmAny')}
                            options={ALARM_KINDS.map((value) => ({ value, label: t(`reports.alarmKinds.${value}`) }))}
                            data-testid={`column-${index}-alarmKind`}
                          />
                        </Form.Item>
                      )}
                      {column?.metric && FUEL_METRICS.includes(column.metric) && (
                        <Form.Item label={t('reports.columns.fuel')} name={[field.name, 'fuel']} className={styles.fieldMid}>
                          <Select
                            allowClear
                            placeholder={t('reports.columns.fuelAny')}
                            options={SHIP_FUELS.map((value) => ({ value, label: t(`resources.items.shipFuelEntry.values.${value}`) }))}
                            data-testid={`column-${index}-fuel`}
                          />
                        </Form.Item>
                      )}
                      <Form.Item
                        label={t('reports.columns.compare')}
                        name={[field.name, 'compareMode']}
                        rules={[rule(path('compareMode'))]}
                        className={styles.fieldMid}
                      >
                        <Select
                          options={[
                            { value: 'none', label: t('reports.columns.compareNone') },
                            ...COMPARE_MODES.map((value) => ({ value, label: t(`reports.compareModes.${value}`) })),
                          ]}
                          data-testid={`column-${index}-compare`}
                        />
                      </Form.Item>
                      {column?.compareMode && column.compareMode !== 'none' && (
                        <Form.Item label={t('reports.columns.show')} name={[field.name, 'compareShow']} className={styles.fieldMid}>
                          <Select
                            options={COMPARE_SHOWS.map((value) => ({ value, label: t(`reports.compareShows.${value}`) }))}
                            data-testid={`column-${index}-show`}
                          />
                        </Form.Item>
                      )}
                    </>
                  )}
                  <Form.Item label={t('reports.columns.label')} name={[field.name, 'label']} rules={[rule(path('label'))]} className={styles.fieldWide}>
                    <Input maxLength={60} placeholder={t('reports.columns.labelPlaceholder')} data-testid={`column-${index}-label`} />
                  </Form.Item>
                  <Form.Item
                    label={t('reports.columns.decimals')}
                    name={[field.name, 'decimals']}
                    rules={[rule(path('decimals'))]}
                    className={styles.fieldNarrow}
                  >
                    <InputNumber
                      min={0}
                      max={6}
                      precision={0}
                      placeholder={t('reports.columns.decimalsPlaceholder')}
                      data-testid={`column-${index}-decimals`}
                    />
                  </Form.Item>
                </Flex>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Flex gap={8} wrap>
            <Button
              icon={<PlusOutlined />}
              onClick={() =>
                add({
                  id: nextColumnId(columns),
                  kind: 'metric',
                  metric: metrics[0] ?? 'energy',
                  compareMode: 'none',
                  compareShow: 'percent',
                  label: '',
                  decimals: null,
                } satisfies ColumnValues)
              }
              data-testid="column-add-metric"
            >
              {t('reports.columns.addMetric')}
            </Button>
            <Button
              icon={<FunctionOutlined />}
              onClick={() => add({ id: nextColumnId(columns), kind: 'formula', op: 'difference', label: '', decimals: null } satisfies ColumnValues)}
              data-testid="column-add-formula"
            >
              {t('reports.columns.addFormula')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}
