import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_MESSAGES, type ImportProblem, type ImportResult, type ResourceApi, type ResourceDefinition } from '@shared/resources';
import { ImportController } from './ImportController';
import { fieldLabel, resourceName } from './resourceTexts';

/** The server's words for a missing reference and a taken value, with the value they quote. */
const SERVER_RULES: Record<string, RegExp> = { exists: /"(.*)" does not exist$|: (\d+) does not exist$/, unique: /"(.*)" is already used$/ };

/** A bad row's reason in the reader's language: a known rule by the catalogue, anything else as the server wrote it. */
export function problemLine(t: TFunction, definition: ResourceDefinition, problem: ImportProblem): string {
  if (!problem.field) return problem.reason;
  const label = fieldLabel(t, definition, problem.field);
  if (problem.rule && problem.rule in RULE_MESSAGES) return `${label}: ${t(`resources.validation.${problem.rule}`)}`;
  const quoted = problem.rule ? SERVER_RULES[problem.rule]?.exec(problem.reason) : undefined;
  if (quoted) return `${label}: ${t(`resources.exchange.${problem.rule as 'exists' | 'unique'}`, { value: quoted[1] ?? quoted[2] })}`;
  const prefix = `${problem.field}: `;
  return `${label}: ${problem.reason.startsWith(prefix) ? problem.reason.slice(prefix.length) : problem.reason}`;
}

function ProblemList({ definition, result }: { definition: ResourceDefinition; result: ImportResult }) {
  const { t } = useTranslation();
  if (result.problems.length === 0) return <Alert type="success" showIcon title={t('resources.exchange.noProblems')} data-testid="import-no-problems" />;
  return (
    <Table<ImportProblem & { key: number }>
      size="small"
      data-testid="import-problems"
      title={() => <Typography.Text strong>{t('resources.exchange.problemsTitle')}</Typography.Text>}
      pagination={result.problems.length > 8 ? { pageSize: 8, size: 'small' } : false}
      dataSource={result.problems.map((problem, key) => ({ ...problem, key }))}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('resources.exchange.line'), width: 80 },
        {
          key: 'reason',
          title: t('resources.exchange.problem'),
          render: (_, problem) => <Typography.Text type="danger">{problemLine(t, definition, problem)}</Typography.Text>,
        },
      ]}
    />
  );
}

function PreviewTable({ definition, result }: { definition: ResourceDefinition; result: ImportResult }) {
  const { t } = useTranslation();
  const problemsOf = (line: number) => result.problems.filter((problem) => problem.line === line);
  return (
    <Table
      size="small"
      data-testid="import-preview"
      title={() => <Typography.Text strong>{t('resources.exchange.previewTitle')}</Typography.Text>}
      pagination={false}
      scroll={{ x: 'max-content', y: 220 }}
      rowKey="line"
      dataSource={result.preview}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('resources.exchange.line'), width: 64, fixed: 'left' },
        ...result.columns.map((name) => ({
          key: name,
          title: fieldLabel(t, definition, name),
          render: (_: unknown, row: ImportResult['preview'][number]) => row.cells[name] ?? '',
        })),
        {
          key: 'state',
          title: t('resources.exchange.problem'),
          render: (_: unknown, row: ImportResult['preview'][number]) => {
            const found = problemsOf(row.line);
            return found.length ? (
              <Typography.Text type="danger">{found.map((problem) => problemLine(t, definition, problem)).join('; ')}</Typography.Text>
            ) : (
              <Tag color="success">OK</Tag>
            );
          },
        },
      ]}
    />
  );
}

interface ImportDialogProps {
  definition: ResourceDefinition;
  api: Pick<ResourceApi, 'importFile'>;
  onClose(): void;
  /** Rows were written: the list reloads. */
  onImported(): void;
}

/**
 * Import from CSV/XLSX: pick a file, see it checked row by row (nothing written yet), then keep the good
 * rows or write only when every row is good. The bar shows the upload, then the server's work.
 */
export const ImportDialog = observer(function ImportDialog({ definition, api, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [controller] = useState(() => new ImportController(api));
  const { phase, checked, final } = controller;

  const write = async (mode: 'keepGood' | 'allOrNothing') => {
    const result = await controller.write(mode);
    if (result?.written) onImported();
  };

  const progress =
    phase === 'uploading' ? (
      <Progress
        percent={controller.uploaded}
        status="active"
        format={() => t('resources.exchange.uploading', { percent: controller.uploaded })}
        data-testid="import-progress"
      />
    ) : phase === 'checking' || phase === 'writing' ? (
      <Progress percent={100} status="active" showInfo={false} data-testid="import-progress" />
    ) : null;

  const footer = (
    <Space wrap>
      {(phase === 'checked' || phase === 'failed' || phase === 'done') && (
        <Button onClick={controller.reset} data-testid="import-again">
          {t('resources.exchange.chooseAnother')}
        </Button>
      )}
      {phase === 'checked' && checked && (
        <>
          <Button onClick={() => void write('allOrNothing')} data-testid="import-all-or-nothing">
            {t('resources.exchange.allOrNothing')}
          </Button>
          <Button type="primary" disabled={checked.good === 0} onClick={() => void write('keepGood')} data-testid="import-keep-good">
            {t('resources.exchange.keepGood', { good: checked.good })}
          </Button>
        </>
      )}
      {phase === 'done' && (
        <Button type="primary" onClick={onClose} data-testid="import-close">
          {t('resources.exchange.close')}
        </Button>
      )}
    </Space>
  );

  return (
    <Modal
      open
      centered
      title={t('resources.exchange.importTitle', { name: resourceName(t, definition) })}
      width={860}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
      // The footer's buttons stay on a 768 px screen; the lists scroll inside.
      styles={{ body: { maxHeight: 'calc(100vh - 190px)', overflowY: 'auto', overflowX: 'hidden' } }}
      data-testid="import-dialog"
    >
      <Flex vertical gap={12}>
        {phase === 'pick' || phase === 'failed' ? (
          <Upload.Dragger
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void controller.choose(file, file.name);
              return false;
            }}
            data-testid="import-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('resources.exchange.pickFile')}</p>
            <p className="ant-upload-hint">{t('resources.exchange.pickHint')}</p>
          </Upload.Dragger>
        ) : (
          <Typography.Text type="secondary">{controller.fileName}</Typography.Text>
        )}
        {progress}
        {phase === 'checking' && <Typography.Text>{t('resources.exchange.checking')}</Typography.Text>}
        {phase === 'writing' && <Typography.Text>{t('resources.exchange.writing')}</Typography.Text>}
        {checked && (phase === 'checked' || phase === 'done') && (
          <>
            <Typography.Text strong data-testid="import-summary">
              {t('resources.exchange.summary', { rows: checked.rows, good: checked.good, bad: checked.bad })}
            </Typography.Text>
            {checked.ignoredColumns.length > 0 && (
              <Typography.Text type="secondary">{t('resources.exchange.ignoredColumns', { columns: checked.ignoredColumns.join(', ') })}</Typography.Text>
            )}
          </>
        )}
        {final && (
          <Alert
            type={final.written ? 'success' : 'warning'}
            showIcon
            title={final.written ? t('resources.exchange.written', { written: final.written }) : t('resources.exchange.nothingWritten', { bad: final.bad })}
            data-testid="import-outcome"
          />
        )}
        {checked && phase === 'checked' && (
          <>
            <ProblemList definition={definition} result={checked} />
            <PreviewTable definition={definition} result={checked} />
          </>
        )}
      </Flex>
    </Modal>
  );
});
