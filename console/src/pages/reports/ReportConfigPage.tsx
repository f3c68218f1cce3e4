import { FileAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Spin, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_LANGS, type ReportLang } from '@shared/reports/constants';
import type { ReportDefinitionView, ReportTemplateView } from '@shared/reports/types';
import { CutText } from '../../lists/CutText';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission, usePermission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { DefinitionEditor } from './DefinitionEditor';
import { GenerateDialog } from './GenerateDialog';
import { createReportsApi, type DefinitionFilters } from './reportsApi';
import { SchedulesDrawer } from './SchedulesDrawer';
import { ShareReportButton } from './sharing';
import { blankValues, editorValues, type EditorValues } from './specForm';
import styles from './reports.module.css';

const gate = { menu: '/report/reportConfig' };

type Open =
  | { kind: 'new' }
  | { kind: 'editor'; definition: ReportDefinitionView | null; initial: EditorValues }
  | { kind: 'generate'; definition: ReportDefinitionView }
  | { kind: 'schedules'; definition: ReportDefinitionView }
  | null;

/** /report/reportConfig: the report definitions (paged) with their editor, generate dialog, schedules and sharing. */
export const ReportConfigPage = observer(function ReportConfigPage() {
  const { t, i18n } = useTranslation();
  const root = useStores();
  const api = useMemo(() => createReportsApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery<DefinitionFilters, ReportDefinitionView>((query) => api.definitions(query), {}));
  const [open, setOpen] = useState<Open>(null);
  const canGenerate = usePermission('/report/reportList')('add');
  const language: ReportLang = (REPORT_LANGS as readonly string[]).includes(i18n.language) ? (i18n.language as ReportLang) : 'en';

  useEffect(() => void list.load(), [list]);

  const templateName = (key: string | null) => (key ? t(`reports.templates.${key}.name`, { defaultValue: key }) : t('reports.definitions.blank'));
  const objectsText = (definition: ReportDefinitionView) => {
    const kind = t(`reports.kinds.${definition.spec.objects.kind}`);
    return definition.spec.objects.ids.length
      ? t('reports.definitions.objectsSome', { kind, count: definition.spec.objects.ids.length })
      : t('reports.definitions.objectsAll', { kind });
  };

  const columns: TableColumnsType<ReportDefinitionView> = [
    {
      key: 'name',
      title: t('reports.definitions.name'),
      render: (_, definition) => (
        <div className={styles.stack}>
          <CutText text={definition.name} maxWidth={260} />
          {definition.description && <CutText text={definition.description} maxWidth={260} type="secondary" />}
        </div>
      ),
    },
    { key: 'template', title: t('reports.definitions.template'), render: (_, definition) => templateName(definition.template) },
    { key: 'objects', title: t('reports.definitions.objects'), render: (_, definition) => objectsText(definition) },
    { key: 'schedules', title: t('reports.definitions.schedules'), dataIndex: 'schedules', width: 90, align: 'right' },
    { key: 'updated', title: t('reports.definitions.updated'), render: (_, definition) => <DateTimeText at={definition.updatedAt} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, definition) => (
        <Flex gap={0} wrap align="center">
          <RowActions
            gate={gate}
            actions={[
              {
                button: 'edit',
                label: t('reports.definitions.edit'),
                onClick: () => setOpen({ kind: 'editor', definition, initial: editorValues(definition) }),
                testId: `definition-edit-${definition.id}`,
              },
              canGenerate && {
                label: t('reports.definitions.generate'),
                onClick: () => setOpen({ kind: 'generate', definition }),
                testId: `definition-generate-${definition.id}`,
              },
              {
                label: t('reports.definitions.scheduleList'),
                onClick: () => setOpen({ kind: 'schedules', definition }),
                testId: `definition-schedules-${definition.id}`,
              },
              {
                button: 'delete',
                label: t('reports.definitions.delete'),
                danger: true,
                confirm: t('reports.definitions.deleteConfirm'),
                onClick: () => void list.change(() => api.removeDefinition(definition.id)),
                testId: `definition-delete-${definition.id}`,
              },
            ]}
          />
          <Permission menu="/report/reportList" button="edit">
            <ShareReportButton target="definition" definitionId={definition.id} look="link" />
          </Permission>
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t('reports.title')} data-testid="report-config">
      <ListToolbar
        list={list}
        gate={gate}
        testId="definitions"
        searchPlaceholder={t('reports.definitions.search')}
        onAdd={() => setOpen({ kind: 'new' })}
        addLabel={t('reports.definitions.add')}
      />
      <ListTable
        list={list}
        rowKey="id"
        columns={columns}
        testId="definitions-table"
        emptyText={t('reports.definitions.empty')}
        totalText={(total, count) => t('reports.definitions.total', { total, count })}
        rowAttributes={(definition) => ({ 'data-testid': `definition-row-${definition.id}` })}
      />
      {open?.kind === 'new' && (
        <NewReportDialog
          api={api}
          onClose={() => setOpen(null)}
          onPick={(template) =>
            setOpen({
              kind: 'editor',
              definition: null,
              initial: template
                ? editorValues({
                    name: t(`reports.templates.${template.key}.name`, { defaultValue: template.key }),
                    description: '',
                    template: template.key,
                    spec: template.spec,
                  })
                : blankValues(language),
            })
          }
        />
      )}
      {open?.kind === 'editor' && (
        <DefinitionEditor
          api={api}
          definition={open.definition}
          initial={open.initial}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            void list.load();
          }}
        />
      )}
      {open?.kind === 'generate' && <GenerateDialog api={api} definition={open.definition} onClose={() => setOpen(null)} />}
      {open?.kind === 'schedules' && (
        <SchedulesDrawer
          api={api}
          definition={open.definition}
          onClose={() => {
            setOpen(null);
            void list.load();
          }}
        />
      )}
    </Card>
  );
});

/** "New": the shipped templates (named in the reader's language by key) or a blank report. */
function NewReportDialog({
  api,
  onClose,
  onPick,
}: {
  api: ReturnType<typeof createReportsApi>;
  onClose(): void;
  onPick(template: ReportTemplateView | null): void;
}) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<ReportTemplateView[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .templates()
      .then((found) => live && setTemplates(found))
      .catch(() => live && setTemplates([]));
    return () => {
      live = false;
    };
  }, [api]);
  const choices: { key: string; name: string; description: string; template: ReportTemplateView | null }[] = [
    { key: 'blank', name: t('reports.newReport.blank'), description: t('reports.newReport.blankDescription'), template: null },
    ...(templates ?? []).map((template) => ({
      key: template.key,
      name: t(`reports.templates.${template.key}.name`, { defaultValue: template.key }),
      description: t(`reports.templates.${template.key}.description`, { defaultValue: '' }),
      template,
    })),
  ];
  return (
    <Modal open title={t('reports.newReport.title')} onCancel={onClose} footer={null} width={560} destroyOnHidden data-testid="new-report-dialog">
      <Spin spinning={templates === null}>
        <Flex vertical gap={4}>
          {choices.map((choice) => (
            <Flex key={choice.key} gap={8} align="center" justify="space-between" className={styles.choice}>
              <div className={styles.stack}>
                <strong>{choice.name}</strong>
                <span className={styles.muted}>{choice.description}</span>
              </div>
              <Button type="link" icon={<FileAddOutlined />} onClick={() => onPick(choice.template)} data-testid={`new-report-${choice.key}`}>
                {t('reports.newReport.use')}
              </Button>
            </Flex>
          ))}
        </Flex>
      </Spin>
    </Modal>
  );
}
