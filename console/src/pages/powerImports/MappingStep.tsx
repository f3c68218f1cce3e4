import { Button, Col, Flex, Form, Radio, Row, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FUEL_UNITS,
  FUELS,
  IMPORT_DATE_FORMATS,
  IMPORT_INTERVALS,
  IMPORT_OBJECT_KINDS,
  POWER_UNITS,
  type ImportDateFormat,
  type ImportObjectKind,
} from '@shared/powerImports/constants';
import type { ImportWizardController } from './ImportWizardController';
import { samplesOf, type MappingField } from './mappingDraft';
import styles from './powerImports.module.css';
import { SheetTable } from './SheetTable';

/** Catalogue keys of the date formats (a format's own name holds ':', which i18next reads as a namespace). */
const DATE_FORMAT_KEYS: Record<ImportDateFormat, 'iso' | 'ymd' | 'dmy' | 'excel'> = {
  iso: 'iso',
  'YYYY-MM-DD HH:mm': 'ymd',
  'DD/MM/YYYY HH:mm': 'dmy',
  excel: 'excel',
};

/** IANA zones the browser knows, for the time-zone picker (a typed zone is taken too). */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC', 'Asia/Shanghai', 'Europe/Berlin'];

export interface MappingStepProps {
  wizard: ImportWizardController;
  /** The meters or departments a fixed object is picked from. */
  loadObjects(kind: ImportObjectKind): Promise<{ id: number; name: string }[]>;
}

/**
 * Each field the import needs → a column of the file (the column's first values shown under the choice), or a
 * fixed choice for the whole file; the unit, the file's zone and date format. Problems show under their field:
 * a column used twice at once, an unchosen field once the person tried to go on, the server's refusal as sent.
 */
export const MappingStep = observer(function MappingStep({ wizard, loadObjects }: MappingStepProps) {
  const { t } = useTranslation();
  const draft = wizard.draft;
  const sheet = wizard.sheet;
  const [objects, setObjects] = useState<{ value: number; label: string }[]>([]);
  const objectKind = draft?.objectKind ?? 'meter';
  const fixedObject = draft?.objectMode === 'fixed';
  useEffect(() => {
    if (!fixedObject) return;
    let live = true;
    void loadObjects(objectKind).then(
      (rows) => live && setObjects(rows.map((row) => ({ value: row.id, label: row.name }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loadObjects, objectKind, fixedObject]);
  const columnOptions = useMemo(
    () =>
      (sheet?.columns ?? []).map((column) => ({
        value: column.index,
        title: column.name,
        label: (
          <span className={styles.columnOption}>
            <span>{column.name}</span>
            <Typography.Text type="secondary" ellipsis>
              {samplesOf(sheet, column.index, 1)[0] ?? ''}
            </Typography.Text>
          </span>
        ),
      })),
    [sheet],
  );
  if (!draft || !wizard.inspection) return null;
  const fuel = wizard.kind === 'fuel';

  /** The text under a field: the server's word, a repeat at once, anything else after a try. */
  const problemOf = (field: MappingField): string | undefined => {
    const server = wizard.serverProblems[field];
    if (server) return server;
    const problem = wizard.problems[field];
    if (!problem || (problem === 'required' && !wizard.triedNext)) return undefined;
    return t(`powerImports.mapping.problems.${problem}`);
  };
  const item = (field: MappingField, label: string, children: ReactNode, extra?: ReactNode) => {
    const problem = problemOf(field);
    return (
      <Form.Item
        label={label}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? <span data-testid={`mapping-problem-${field}`}>{problem}</span> : undefined}
        extra={extra}
        data-testid={`mapping-field-${field}`}
      >
        {children}
      </Form.Item>
    );
  };
  const columnSelect = (field: MappingField, value: number | null, onChange: (column: number) => void) => (
    <Select
      value={value ?? undefined}
      onChange={onChange}
      options={columnOptions}
      labelRender={(chosen) => sheet?.columns.find((c) => c.index === chosen.value)?.name ?? chosen.label}
      placeholder={t('powerImports.mapping.chooseColumn')}
      showSearch={{ optionFilterProp: 'title' }}
      data-testid={`mapping-select-${field}`}
      status={problemOf(field) ? 'error' : undefined}
    />
  );
  const samples = (field: MappingField, column: number | null) => {
    if (column === null) return undefined;
    const values = samplesOf(sheet, column);
    return (
      <div className={styles.samples} data-testid={`mapping-samples-${field}`}>
        <Typography.Text type="secondary">{t('powerImports.mapping.samples')}: </Typography.Text>
        {values.length === 0 ? (
          <Typography.Text type="secondary">{t('powerImports.mapping.noSamples')}</Typography.Text>
        ) : (
          values.map((value, index) => (
            <Typography.Text code key={index}>
              {value}
            </Typography.Text>
          ))
        )}
      </div>
    );
  };
  const modeRadio = <M extends string>(value: M, modes: readonly M[], labels: string, onChange: (mode: M) => void, testId: string) => (
    <Radio.Group
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as M)}
      options={modes.map((mode) => ({ value: mode, label: t(`${labels}.${mode}`) }))}
      optionType="button"
      data-testid={testId}
    />
  );

  return (
    <Form layout="vertical" className={styles.mapping} data-testid="mapping-step">
      {wizard.inspection.sheets.length > 1 && (
        <Form.Item label={t('powerImports.mapping.sheet')}>
          <Select
            className={styles.narrowSelect}
            value={draft.sheet}
            onChange={(sheetName: string) => wizard.change({ sheet: sheetName })}
            options={wizard.inspection.sheets.map((s) => ({
              value: s.name,
              label: t('powerImports.mapping.sheetRows', { name: s.name, count: s.rowCount }),
            }))}
            data-testid="mapping-sheet"
          />
        </Form.Item>
      )}
      <Typography.Title level={5}>{t('powerImports.mapping.fileTitle')}</Typography.Title>
      <SheetTable sheet={sheet} />
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('powerImports.mapping.columnsTitle')}
      </Typography.Title>
      <Row gutter={[24, 0]}>
        <Col xs={24} md={12} xl={8}>
          {item(
            'periodStart',
            t('powerImports.mapping.periodStart'),
            columnSelect('periodStart', draft.periodStart, (periodStart) => wizard.change({ periodStart })),
            samples('periodStart', draft.periodStart),
          )}
        </Col>
        <Col xs={24} md={12} xl={8}>
          {item(
            'periodEnd',
            t('powerImports.mapping.periodEnd'),
            <Space orientation="vertical" className={styles.full}>
              {modeRadio(
                draft.endKind,
                ['column', 'interval'] as const,
                'powerImports.mapping.endKind',
                (endKind) => wizard.change({ endKind }),
                'mapping-end-kind',
              )}
              {draft.endKind === 'column' ? (
                columnSelect('periodEnd', draft.periodEnd, (periodEnd) => wizard.change({ periodEnd }))
              ) : (
                <Select
                  value={draft.interval}
                  onChange={(interval) => wizard.change({ interval })}
                  options={IMPORT_INTERVALS.map((interval) => ({ value: interval, label: t(`powerImports.mapping.intervals.${interval}`) }))}
                  data-testid="mapping-interval"
                />
              )}
            </Space>,
            draft.endKind === 'column' ? samples('periodEnd', draft.periodEnd) : undefined,
          )}
        </Col>
        <Col xs={24} md={12} xl={8}>
          {item(
            'value',
            t(fuel ? 'powerImports.mapping.quantity' : 'powerImports.mapping.value'),
            columnSelect('value', draft.value, (value) => wizard.change({ value })),
            samples('value', draft.value),
          )}
        </Col>
        <Col xs={24} md={12} xl={8}>
          {item(
            'object',
            t('powerImports.mapping.object'),
            <Space orientation="vertical" className={styles.full}>
              <Flex gap={8} wrap>
                {modeRadio(
                  draft.objectMode,
                  ['column', 'fixed'] as const,
                  'powerImports.mapping.objectMode',
                  (objectMode) => wizard.change({ objectMode }),
                  'mapping-object-mode',
                )}
                {modeRadio(
                  draft.objectKind,
                  IMPORT_OBJECT_KINDS,
                  'powerImports.mapping.objectKinds',
                  (kind) => wizard.change({ objectKind: kind, objectId: null }),
                  'mapping-object-kind',
                )}
              </Flex>
              {draft.objectMode === 'column' ? (
                columnSelect('object', draft.objectColumn, (objectColumn) => wizard.change({ objectColumn }))
              ) : (
                <Select
                  value={draft.objectId ?? undefined}
                  onChange={(objectId: number) => wizard.change({ objectId })}
                  options={objects}
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('powerImports.mapping.chooseObject')}
                  status={problemOf('object') ? 'error' : undefined}
                  data-testid="mapping-object-id"
                />
              )}
            </Space>,
            draft.objectMode === 'column' ? samples('object', draft.objectColumn) : undefined,
          )}
        </Col>
        {fuel && (
          <Col xs={24} md={12} xl={8}>
            {item(
              'fuel',
              t('powerImports.mapping.fuel'),
              <Space orientation="vertical" className={styles.full}>
                {modeRadio(
                  draft.fuelMode,
                  ['column', 'fixed'] as const,
                  'powerImports.mapping.fuelMode',
                  (fuelMode) => wizard.change({ fuelMode }),
                  'mapping-fuel-mode',
                )}
                {draft.fuelMode === 'column' ? (
                  columnSelect('fuel', draft.fuelColumn, (fuelColumn) => wizard.change({ fuelColumn }))
                ) : (
                  <Select
                    value={draft.fuel}
                    onChange={(value) => wizard.change({ fuel: value })}
                    options={FUELS.map((value) => ({ value, label: t(`powerImports.fuels.${value}`) }))}
                    data-testid="mapping-fuel"
                  />
                )}
              </Space>,
              draft.fuelMode === 'column' ? samples('fuel', draft.fuelColumn) : undefined,
            )}
          </Col>
        )}
        <Col xs={24} md={12} xl={8}>
          {item(
            'unit',
            t('powerImports.mapping.unit'),
            fuel ? (
              <Space orientation="vertical" className={styles.full}>
                {modeRadio(
                  draft.unitMode,
                  ['column', 'fixed'] as const,
                  'powerImports.mapping.unitMode',
                  (unitMode) => wizard.change({ unitMode }),
                  'mapping-unit-mode',
                )}
                {draft.unitMode === 'column' ? (
                  columnSelect('unit', draft.unitColumn, (unitColumn) => wizard.change({ unitColumn }))
                ) : (
                  <Select
                    value={draft.fuelUnit}
                    onChange={(fuelUnit) => wizard.change({ fuelUnit })}
                    options={FUEL_UNITS.map((value) => ({ value, label: t(`powerImports.units.${value}`) }))}
                    status={problemOf('unit') ? 'error' : undefined}
                    data-testid="mapping-fuel-unit"
                  />
                )}
              </Space>
            ) : (
              <Select
                value={draft.powerUnit}
                onChange={(powerUnit) => wizard.change({ powerUnit })}
                options={POWER_UNITS.map((value) => ({ value, label: value }))}
                data-testid="mapping-power-unit"
              />
            ),
            fuel && draft.unitMode === 'column' ? samples('unit', draft.unitColumn) : undefined,
          )}
        </Col>
        <Col xs={24} md={12} xl={8}>
          {item(
            'timeZone',
            t('powerImports.mapping.timeZone'),
            <Select
              value={draft.timeZone}
              onChange={(timeZone: string) => wizard.change({ timeZone })}
              options={ZONES.map((zone) => ({ value: zone, label: zone }))}
              showSearch
              status={problemOf('timeZone') ? 'error' : undefined}
              data-testid="mapping-time-zone"
            />,
            <Typography.Text type="secondary">{t('powerImports.mapping.timeZoneHint')}</Typography.Text>,
          )}
        </Col>
        <Col xs={24} md={12} xl={8}>
          {item(
            'dateFormat',
            t('powerImports.mapping.dateFormat'),
            <Select
              value={draft.dateFormat}
              onChange={(dateFormat) => wizard.change({ dateFormat })}
              options={IMPORT_DATE_FORMATS.map((format) => ({ value: format, label: t(`powerImports.mapping.dateFormats.${DATE_FORMAT_KEYS[format]}`) }))}
              data-testid="mapping-date-format"
            />,
          )}
        </Col>
      </Row>
      <Flex gap={8}>
        <Button onClick={wizard.reset} data-testid="mapping-back">
          {t('powerImports.mapping.back')}
        </Button>
        <Button type="primary" loading={wizard.previewing} onClick={() => void wizard.runPreview()} data-testid="mapping-next">
          {t('powerImports.mapping.next')}
        </Button>
      </Flex>
    </Form>
  );
});
