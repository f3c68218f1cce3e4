import { Alert, Button, Col, Flex, Row, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import type { FuelRowView, ImportRowError, PowerRowView } from '@shared/powerImports/api';
import { IMPORT_ROW_ERROR_REASONS, PREVIEW_MAX_ERRORS } from '@shared/powerImports/constants';
import type { ImportPreview } from './importsApi';
import styles from './powerImports.module.css';
import { reasonText } from './reasonText';
import { zonedPeriod } from './zonedTime';

export interface PreviewStepProps {
  preview: ImportPreview;
  /** The file's zone: the sample's times are shown on its clock, as the file wrote them. */
  timeZone: string;
  busy?: boolean;
  onBack(): void;
  onImport(): void;
}

const figure = (value: number, digits = 3) => withThousands(value, digits);

/** The rejected rows: line, column, the cell as written, the reason in the reader's language. */
export function RejectedRowsTable({ errors }: { errors: readonly ImportRowError[] }) {
  const { t } = useTranslation();
  return (
    <Table<ImportRowError & { key: number }>
      size="small"
      data-testid="preview-errors"
      pagination={errors.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      dataSource={errors.map((error, key) => ({ ...error, key }))}
      onRow={(error) => ({ 'data-testid': `preview-error-${error.line}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('powerImports.preview.line'), width: 72 },
        { key: 'column', title: t('powerImports.preview.column'), ellipsis: true, width: 180, render: (_, error) => error.column || '—' },
        { key: 'value', title: t('powerImports.preview.cell'), ellipsis: true, width: 200, render: (_, error) => error.value || '—' },
        {
          key: 'reason',
          title: t('powerImports.preview.reason'),
          render: (_, error) => <Typography.Text type="danger">{reasonText(t, error)}</Typography.Text>,
        },
      ]}
    />
  );
}

/** The preview of a mapping: counts, the rejected rows with their line and reason, the first rows as stored. */
export function PreviewStep({ preview, timeZone, busy, onBack, onImport }: PreviewStepProps) {
  const { t } = useTranslation();
  const objectCell = (row: PowerRowView | FuelRowView) => (
    <span>
      {row.code} <Typography.Text type="secondary">{row.name}</Typography.Text>
    </span>
  );
  const period = {
    key: 'period',
    title: `${t('powerImports.preview.start')} – ${t('powerImports.preview.end')}`,
    render: (_: unknown, row: PowerRowView | FuelRowView) => zonedPeriod(row.periodStart, row.periodEnd, timeZone),
  };
  const line = { key: 'line', dataIndex: 'line', title: t('powerImports.preview.line'), width: 72 };
  const object = { key: 'object', title: t('powerImports.mapping.object'), render: (_: unknown, row: PowerRowView | FuelRowView) => objectCell(row) };
  const sample =
    preview.kind === 'power' ? (
      <Table<PowerRowView>
        size="small"
        rowKey="line"
        data-testid="preview-sample"
        pagination={false}
        dataSource={preview.sample}
        columns={[
          line,
          object,
          period,
          { key: 'given', title: t('powerImports.preview.asGiven'), align: 'right', render: (_, row) => `${figure(row.value)} ${row.unit}` },
          { key: 'kwh', title: t('powerImports.preview.kwh'), align: 'right', render: (_, row) => figure(row.kwh) },
        ]}
      />
    ) : (
      <Table<FuelRowView>
        size="small"
        rowKey="line"
        data-testid="preview-sample"
        pagination={false}
        dataSource={preview.sample}
        columns={
          [
            line,
            object,
            { key: 'fuel', title: t('powerImports.mapping.fuel'), render: (_, row) => t(`powerImports.fuels.${row.fuel}`) },
            period,
            {
              key: 'given',
              title: t('powerImports.preview.asGiven'),
              align: 'right',
              render: (_, row) => `${figure(row.quantity)} ${t(`powerImports.units.${row.unit}`)}`,
            },
            { key: 'kwh', title: t('powerImports.preview.kwh'), align: 'right', render: (_, row) => figure(row.kwh) },
            { key: 'kgce', title: t('powerImports.preview.kgce'), align: 'right', render: (_, row) => figure(row.kgce) },
            { key: 'co2', title: t('powerImports.preview.co2'), align: 'right', render: (_, row) => figure(row.co2Kg) },
          ] satisfies TableColumnsType<FuelRowView>
        }
      />
    );
  const reasons = IMPORT_ROW_ERROR_REASONS.filter((reason) => (preview.byReason[reason] ?? 0) > 0);
  return (
    <div data-testid="preview-step">
      <Row gutter={[16, 16]} className={styles.figures}>
        <Col xs={12} md={6} xl={4}>
          <Statistic title={t('powerImports.preview.rows')} value={withThousands(preview.totalRows, 0)} data-testid="preview-total" />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Statistic title={t('powerImports.preview.good')} value={withThousands(preview.goodRows, 0)} data-testid="preview-good" />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Statistic
            title={t('powerImports.preview.bad')}
            value={withThousands(preview.badRows, 0)}
            styles={{ content: preview.badRows > 0 ? { color: 'var(--ant-color-error)' } : {} }}
            data-testid="preview-bad"
          />
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Statistic title={t('powerImports.preview.objects')} value={withThousands(preview.objects, 0)} data-testid="preview-objects" />
        </Col>
        {preview.kind === 'power' && (
          <Col xs={12} md={6} xl={4}>
            <Statistic title={t('powerImports.preview.totalKwh')} value={figure(preview.totalKwh)} data-testid="preview-kwh" />
          </Col>
        )}
        <Col xs={24} md={12} xl={preview.kind === 'power' ? 4 : 8}>
          <Statistic
            title={t('powerImports.preview.period')}
            value={preview.periodFrom === null ? t('powerImports.preview.noPeriod') : zonedPeriod(preview.periodFrom, preview.periodTo, timeZone)}
            styles={{ content: { fontSize: 16 } }}
            data-testid="preview-period"
          />
        </Col>
      </Row>
      {preview.kind === 'fuel' && preview.totals.length > 0 && (
        <Flex gap={8} wrap className={styles.figures} data-testid="preview-fuel-totals">
          {preview.totals.map((total) => (
            <Tag key={total.fuel}>
              {t(`powerImports.fuels.${total.fuel}`)}: {figure(total.kwh)} kWh · {figure(total.kgce)} kgce · {figure(total.co2Kg)} kg CO₂
            </Tag>
          ))}
        </Flex>
      )}
      <Typography.Title level={5}>{t('powerImports.preview.errorsTitle')}</Typography.Title>
      {preview.errors.length === 0 ? (
        <Alert type="success" showIcon title={t('powerImports.preview.noErrors')} data-testid="preview-no-errors" />
      ) : (
        <>
          <Flex gap={8} wrap className={styles.figures} data-testid="preview-reasons">
            {reasons.map((reason) => (
              <Tag key={reason} color="error">
                {t(
                  `powerImports.reasons.${reason === 'duplicateInFile' ? 'duplicateInFileBare' : reason === 'overlapsImported' ? 'overlapsImportedBare' : reason}`,
                )}
                : {withThousands(preview.byReason[reason] ?? 0, 0)}
              </Tag>
            ))}
          </Flex>
          {preview.errorsTruncated && (
            <Typography.Paragraph type="secondary">{t('powerImports.preview.errorsTruncated', { count: PREVIEW_MAX_ERRORS })}</Typography.Paragraph>
          )}
          <RejectedRowsTable errors={preview.errors} />
        </>
      )}
      <Typography.Title level={5} className={styles.sectionTitle}>
        {t('powerImports.preview.sampleTitle')}
      </Typography.Title>
      {sample}
      {preview.goodRows === 0 && (
        <Alert className={styles.sectionTitle} type="warning" showIcon title={t('powerImports.preview.nothing')} data-testid="preview-nothing" />
      )}
      <Flex gap={8} className={styles.sectionTitle}>
        <Button onClick={onBack} data-testid="preview-back">
          {t('powerImports.mapping.back')}
        </Button>
        <Button type="primary" disabled={preview.goodRows === 0} loading={busy} onClick={onImport} data-testid="preview-import">
          {t('powerImports.preview.import', { count: preview.goodRows, total: withThousands(preview.goodRows, 0) })}
        </Button>
      </Flex>
    </div>
  );
}
