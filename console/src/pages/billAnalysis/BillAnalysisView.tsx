import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import { BILL_VALUE_PATTERNS, type BillAnalysisDetail, type BillFieldRule, type BillRules } from '@shared/reports/billSchemas';
import { BILL_FIELDS, type BillAnalysisState } from '@shared/reports/constants';
import styles from './billAnalysis.module.css';

type FoundField = BillAnalysisDetail['fields'][number];
type Check = BillAnalysisDetail['checks'][number];

export const STATE_COLOURS: Record<BillAnalysisState, string> = { ok: 'success', flagged: 'error', noText: 'default', incomplete: 'warning' };

export function StateTag({ state }: { state: BillAnalysisState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={`bill-state-${state}`}>
      {t(`billAnalysis.states.${state}`)}
    </Tag>
  );
}

/**
 * As many decimals as the bill printed (a price keeps its four, ¥100.00 its two), at most six: the digits after the
 * last point of the field's text, else of the value itself.
 */
const decimalsOf = (text: string, value: number) => Math.min(6, (/\.(\d+)\D*$/.exec(text)?.[1] ?? String(value).split('.')[1] ?? '').length);
/** The value with thousands separators and exactly those decimals (withThousands would drop the zeros of 100.00). */
const asPrinted = (text: string, value: number) => {
  const digits = decimalsOf(text, value);
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
};
const figure = (value: number | null, digits = 2) => (value === null ? '–' : withThousands(value, digits));

export interface BillAnalysisViewProps {
  analysis: BillAnalysisDetail;
  /** Shown when the caller may re-apply (the edit button): evaluates the stored text with adjusted rules. */
  onReapply?(rules: BillRules): Promise<void>;
}

/**
 * One analysed bill: its text lines (monospace, numbered) beside the fields the template found (clicking one
 * highlights its line), the checks of the bill's own arithmetic with expected against actual, and the metered
 * comparison. "Adjust template" edits the label rules beside the text and re-applies them. Texts from the PDF are
 * shown as text, never as HTML.
 */
export function BillAnalysisView({ analysis, onReapply }: BillAnalysisViewProps) {
  const { t } = useTranslation();
  const [highlight, setHighlight] = useState<number | null>(null);
  const [editing, setEditing] = useState<BillFieldRule[] | null>(null);
  const [busy, setBusy] = useState(false);

  const fieldColumns: TableColumnsType<FoundField> = [
    { key: 'field', title: t('billAnalysis.view.field'), render: (_, row) => t(`billAnalysis.fields.${row.field}`, { defaultValue: row.field }) },
    { key: 'text', dataIndex: 'text', title: t('billAnalysis.view.text') },
    {
      key: 'value',
      title: t('billAnalysis.view.value'),
      align: 'right',
      render: (_, row) => (row.value === null ? '' : asPrinted(row.text, row.value)),
    },
    { key: 'line', dataIndex: 'line', title: t('billAnalysis.view.line'), align: 'right' },
  ];
  const checkColumns: TableColumnsType<Check> = [
    { key: 'rule', title: t('billAnalysis.view.checks'), render: (_, row) => t(`billAnalysis.checkRules.${row.rule}`, { defaultValue: row.rule }) },
    {
      key: 'ok',
      title: '',
      render: (_, row) => <Tag color={row.ok ? 'success' : 'error'}>{row.ok ? t('billAnalysis.view.passed') : t('billAnalysis.view.failed')}</Tag>,
    },
    {
      key: 'expected',
      title: t('billAnalysis.view.expected'),
      align: 'right',
      render: (_, row) => <span data-testid={`check-expected-${row.rule}`}>{figure(row.expected)}</span>,
    },
    {
      key: 'actual',
      title: t('billAnalysis.view.actual'),
      align: 'right',
      render: (_, row) => <span data-testid={`check-actual-${row.rule}`}>{figure(row.actual)}</span>,
    },
  ];

  const reapply = async () => {
    if (!editing || !onReapply) return;
    setBusy(true);
    try {
      await onReapply({ ...(analysis.rules ?? {}), fields: editing });
      setEditing(null);
    } catch {
      // The api hook showed why; the rules stay open for another try.
    } finally {
      setBusy(false);
    }
  };
  const setRule = (index: number, change: Partial<BillFieldRule>) =>
    setEditing((rules) => rules && rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));

  const comparison = analysis.comparison;
  return (
    <Row gutter={16} data-testid="bill-analysis-view">
      <Col span={10}>
        <Card size="small" title={t('billAnalysis.view.lines')}>
          {analysis.lines.length === 0 ? (
            <Alert type="info" showIcon message={t('billAnalysis.view.noLines')} />
          ) : (
            <ol className={styles.lines} data-testid="bill-lines">
              {analysis.lines.map((line, index) => (
                <li key={index} className={highlight === index + 1 ? styles.highlighted : undefined} data-testid={`bill-line-${index + 1}`}>
                  <span className={styles.number}>{index + 1}</span>
                  <span>{line}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </Col>
      <Col span={14}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center">
            <Space>
              <Typography.Text strong>{analysis.fileName}</Typography.Text>
              <StateTag state={analysis.state} />
            </Space>
            {onReapply && analysis.lines.length > 0 && !editing && (
              <Button onClick={() => setEditing(analysis.rules?.fields ?? [])} data-testid="bill-adjust">
                {t('billAnalysis.view.adjust')}
              </Button>
            )}
          </Flex>
          {editing && (
            <Card size="small" title={t('billAnalysis.view.adjust')} data-testid="bill-rules-editor">
              <Flex vertical gap={6}>
                {editing.map((rule, index) => (
                  <Space key={index} wrap>
                    <Select
                      style={{ width: 160 }}
                      value={rule.field}
                      options={BILL_FIELDS.map((field) => ({ value: field, label: t(`billAnalysis.fields.${field}`) }))}
                      onChange={(field) => setRule(index, { field })}
                    />
                    <Input
                      style={{ width: 160 }}
                      value={rule.label}
                      placeholder={t('billAnalysis.view.label')}
                      onChange={(e) => setRule(index, { label: e.target.value })}
                    />
                    <Select
                      style={{ width: 100 }}
                      allowClear
                      value={rule.pattern}
                      placeholder={t('billAnalysis.view.pattern')}
                      options={BILL_VALUE_PATTERNS.map((pattern) => ({ value: pattern, label: t(`billAnalysis.patterns.${pattern}`) }))}
                      onChange={(pattern) => setRule(index, { pattern })}
                    />
                    <InputNumber
                      min={1}
                      max={20}
                      value={rule.occurrence ?? 1}
                      onChange={(n) => setRule(index, { occurrence: n ?? undefined })}
                      aria-label={t('billAnalysis.view.occurrence')}
                    />
                    <Button size="small" danger onClick={() => setEditing(editing.filter((_, i) => i !== index))}>
                      ×
                    </Button>
                  </Space>
                ))}
                <Space>
                  <Button
                    onClick={() => setEditing([...editing, { field: BILL_FIELDS.find((f) => !editing.some((r) => r.field === f)) ?? 'account', label: '' }])}
                  >
                    {t('billAnalysis.view.addRule')}
                  </Button>
                  <Button type="primary" loading={busy} onClick={() => void reapply()} data-testid="bill-reapply">
                    {t('billAnalysis.view.reapply')}
                  </Button>
                  <Button onClick={() => setEditing(null)}>{t('billAnalysis.view.cancel')}</Button>
                </Space>
              </Flex>
            </Card>
          )}
          <Card size="small" title={t('billAnalysis.view.fieldsFound')}>
            <Table
              size="small"
              pagination={false}
              rowKey="field"
              columns={fieldColumns}
              dataSource={analysis.fields}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              onRow={(row) => ({ onClick: () => setHighlight(row.line), style: { cursor: 'pointer' }, 'data-testid': `bill-field-${row.field}` }) as never}
            />
          </Card>
          <Card size="small" title={t('billAnalysis.view.checks')}>
            {analysis.checks.length === 0 ? (
              <Typography.Text type="secondary">{t('billAnalysis.view.noChecks')}</Typography.Text>
            ) : (
              <Table
                size="small"
                pagination={false}
                rowKey="rule"
                columns={checkColumns}
                dataSource={analysis.checks}
                onRow={(row) => ({ 'data-testid': `bill-check-${row.rule}` }) as never}
              />
            )}
          </Card>
          {comparison && (
            <Card size="small" title={t('billAnalysis.view.comparison')} data-testid="bill-comparison">
              <Descriptions size="small" column={2}>
                <Descriptions.Item label={t('billAnalysis.view.billed')}>{figure(comparison.billed, 3)}</Descriptions.Item>
                <Descriptions.Item label={t('billAnalysis.view.metered')}>{figure(comparison.metered, 3)}</Descriptions.Item>
                <Descriptions.Item label={t('billAnalysis.list.period')}>
                  {comparison.period ? `${comparison.period.from} – ${comparison.period.to}` : t('billAnalysis.view.noPeriod')}
                </Descriptions.Item>
                <Descriptions.Item label={t('billAnalysis.view.differencePercent')}>
                  {comparison.differencePercent === null ? '–' : `${withThousands(comparison.differencePercent, 2)} %`}{' '}
                  {comparison.ok !== null && (
                    <Tag color={comparison.ok ? 'success' : 'error'}>
                      {t(comparison.ok ? 'billAnalysis.view.within' : 'billAnalysis.view.beyond', { tolerance: comparison.tolerancePercent })}
                    </Tag>
                  )}
                </Descriptions.Item>
              </Descriptions>
            </Card>
          )}
        </Flex>
      </Col>
    </Row>
  );
}
