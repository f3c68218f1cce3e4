import { InboxOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Upload, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withThousands } from '@shared/format';
import {
  BILL_TEMPLATE_PRESETS,
  type BillAnalysisDetail,
  type BillAnalysisSummary,
  type BillRules,
  type BillTargetScope,
  type BillTemplateView,
} from '@shared/reports/billSchemas';
import { BILL_DEFAULT_TOLERANCE_PERCENT } from '@shared/reports/constants';
import { DateTimeText } from '../../lists/DateTimeText';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { PagedQuery } from '../../lists/PagedQuery';
import { RowActions } from '../../lists/RowActions';
import { Permission } from '../../permissions/Permission';
import { useStores } from '../../stores/StoreContext';
import { saveFile } from '../meterData/saveFile';
import { createBillAnalysisApi, type BillAnalysisApi } from './billAnalysisApi';
import { BillAnalysisView, StateTag } from './BillAnalysisView';

export const BILL_ANALYSIS_SCREEN = '/settings/analyzePdf';
const gate = { menu: BILL_ANALYSIS_SCREEN };

/** /settings/analyzePdf: bills analysed (upload, the analysis view, re-apply) and the extraction templates. */
export const BillAnalysisPage = observer(function BillAnalysisPage() {
  const root = useStores();
  const { t } = useTranslation();
  const api = useMemo(() => createBillAnalysisApi(root.http), [root.http]);
  const [list] = useState(() => new PagedQuery((query: { page: number; size: number }) => api.list(query), {}));
  const [templates, setTemplates] = useState<BillTemplateView[]>([]);
  const [open, setOpen] = useState<BillAnalysisDetail | null>(null);
  const [uploading, setUploading] = useState(false);
  const loadTemplates = useCallback(() => api.templates().then(setTemplates, () => undefined), [api]);
  useEffect(() => {
    void list.load();
    void loadTemplates();
  }, [list, loadTemplates]);

  const show = async (id: number) => {
    try {
      setOpen(await api.get(id));
    } catch {
      // The api hook showed why.
    }
  };
  const columns: TableColumnsType<BillAnalysisSummary> = [
    { key: 'file', dataIndex: 'fileName', title: t('billAnalysis.list.file'), ellipsis: true, width: 200 },
    { key: 'utility', dataIndex: 'utility', title: t('billAnalysis.list.utility'), ellipsis: true, width: 140 },
    { key: 'period', title: t('billAnalysis.list.period'), render: (_, row) => (row.period.from ? `${row.period.from} – ${row.period.to ?? ''}` : '–') },
    { key: 'state', title: t('billAnalysis.list.state'), render: (_, row) => <StateTag state={row.state} /> },
    {
      key: 'total',
      title: t('billAnalysis.list.total'),
      align: 'right',
      render: (_, row) => (row.totalAmount === null ? '–' : withThousands(row.totalAmount, 2)),
    },
    {
      key: 'difference',
      title: t('billAnalysis.list.difference'),
      align: 'right',
      render: (_, row) => (row.comparison?.differencePercent == null ? '–' : `${withThousands(row.comparison.differencePercent, 2)} %`),
    },
    { key: 'created', title: t('billAnalysis.list.created'), render: (_, row) => <DateTimeText at={row.createdAt} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            { label: t('billAnalysis.list.open'), onClick: () => void show(row.id), testId: `bill-open-${row.id}` },
            {
              label: t('billAnalysis.list.pdf'),
              onClick: () =>
                void api.pdf(row.id).then(
                  (blob) => saveFile(blob, row.fileName),
                  () => undefined,
                ),
              testId: `bill-pdf-${row.id}`,
            },
            {
              button: 'delete',
              label: t('billAnalysis.list.delete'),
              danger: true,
              confirm: t('billAnalysis.list.deleteConfirm'),
              onClick: () => void list.change(() => api.remove(row.id)),
              testId: `bill-delete-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];

  const analyses = open ? (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button onClick={() => setOpen(null)} data-testid="bill-back">
        {t('billAnalysis.view.back')}
      </Button>
      <BillAnalysisViewGate
        analysis={open}
        onReapply={async (rules) => {
          setOpen(await api.reapply(open.id, { rules }));
          void list.load();
        }}
      />
    </Space>
  ) : (
    <>
      <ListToolbar
        list={list}
        gate={gate}
        testId="bills"
        actions={
          <Permission menu={BILL_ANALYSIS_SCREEN} button="add">
            <Button type="primary" onClick={() => setUploading(true)} data-testid="bill-upload">
              {t('billAnalysis.upload.button')}
            </Button>
          </Permission>
        }
      />
      <ListTable
        list={list}
        columns={columns}
        testId="bills-table"
        emptyText={t('billAnalysis.list.empty')}
        rowAttributes={(row) => ({ 'data-testid': `bill-row-${row.id}` })}
      />
    </>
  );
  return (
    <Card title={t('billAnalysis.title')}>
      <Tabs
        items={[
          { key: 'analyses', label: t('billAnalysis.tabs.analyses'), children: analyses },
          { key: 'templates', label: t('billAnalysis.tabs.templates'), children: <TemplatesTab api={api} templates={templates} reload={loadTemplates} /> },
        ]}
      />
      {uploading && (
        <UploadDialog
          api={api}
          templates={templates}
          onClose={() => setUploading(false)}
          onDone={(analysis) => {
            setUploading(false);
            setOpen(analysis);
            void list.load();
          }}
        />
      )}
    </Card>
  );
});

/** The view with re-apply only for holders of the edit button. */
function BillAnalysisViewGate(props: { analysis: BillAnalysisDetail; onReapply(rules: BillRules): Promise<void> }) {
  return (
    <Permission
      menu={BILL_ANALYSIS_SCREEN}
      button="edit"
      fallback={<BillAnalysisView analysis={props.analysis} />}
      children={<BillAnalysisView {...props} />}
    />
  );
}

function UploadDialog({
  api,
  templates,
  onClose,
  onDone,
}: {
  api: BillAnalysisApi;
  templates: BillTemplateView[];
  onClose(): void;
  onDone(a: BillAnalysisDetail): void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [templateId, setTemplateId] = useState<number | undefined>(templates[0]?.id);
  const [scope, setScope] = useState<BillTargetScope | 'none'>('none');
  const [ids, setIds] = useState<number[]>([]);
  const [tolerance, setTolerance] = useState<number>(BILL_DEFAULT_TOLERANCE_PERCENT);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (scope === 'none') return;
    void api.options(scope === 'meter' ? 'meters' : 'departments').then(
      (rows) => setOptions(rows.map((row) => ({ value: row.id, label: row.name }))),
      () => undefined,
    );
  }, [api, scope]);
  const submit = async () => {
    if (!file || templateId === undefined) return;
    setBusy(true);
    try {
      onDone(await api.analyse(file, templateId, scope === 'none' || ids.length === 0 ? null : { scope, ids, tolerancePercent: tolerance }));
    } catch {
      // The api hook showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('billAnalysis.upload.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('billAnalysis.upload.submit')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !file || templateId === undefined }}
    >
      <Form layout="vertical">
        <Upload.Dragger
          accept="application/pdf,.pdf"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('billAnalysis.upload.drop')}</p>
          <p className="ant-upload-hint">{t('billAnalysis.upload.hint')}</p>
        </Upload.Dragger>
        <Form.Item label={t('billAnalysis.upload.template')} style={{ marginTop: 12 }}>
          <Select
            value={templateId}
            onChange={setTemplateId}
            options={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
            data-testid="bill-upload-template"
          />
        </Form.Item>
        <Form.Item label={t('billAnalysis.upload.scope')}>
          <Select
            value={scope}
            onChange={(value) => {
              setScope(value);
              setIds([]);
            }}
            options={[
              { value: 'none', label: t('billAnalysis.upload.scopeNone') },
              { value: 'meter', label: t('billAnalysis.upload.meter') },
              { value: 'department', label: t('billAnalysis.upload.department') },
            ]}
          />
        </Form.Item>
        {scope !== 'none' && (
          <>
            <Form.Item label={t('billAnalysis.upload.targets')}>
              <Select mode="multiple" value={ids} onChange={setIds} options={options} optionFilterProp="label" />
            </Form.Item>
            <Form.Item label={t('billAnalysis.upload.tolerance')}>
              <InputNumber min={0} max={100} value={tolerance} onChange={(n) => setTolerance(n ?? BILL_DEFAULT_TOLERANCE_PERCENT)} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

function TemplatesTab({ api, templates, reload }: { api: BillAnalysisApi; templates: BillTemplateView[]; reload(): Promise<void> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ id: number | null; name: string; utility: string; rules: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const startFrom = (key: string) => {
    const preset = BILL_TEMPLATE_PRESETS.find((p) => p.key === key);
    setError(null);
    setEditing({ id: null, name: preset?.name ?? '', utility: preset?.utility ?? '', rules: JSON.stringify(preset?.rules ?? { fields: [] }, null, 2) });
  };
  const save = async () => {
    if (!editing) return;
    let rules: BillRules;
    try {
      rules = JSON.parse(editing.rules) as BillRules;
    } catch {
      setError('JSON');
      return;
    }
    try {
      const body = { name: editing.name, utility: editing.utility, rules };
      if (editing.id === null) await api.createTemplate(body);
      else await api.updateTemplate(editing.id, body);
      setEditing(null);
      await reload();
    } catch {
      // The api hook showed why.
    }
  };
  const columns: TableColumnsType<BillTemplateView> = [
    { key: 'name', dataIndex: 'name', title: t('billAnalysis.templates.name') },
    { key: 'utility', dataIndex: 'utility', title: t('billAnalysis.templates.utility') },
    { key: 'fields', title: t('billAnalysis.templates.fieldCount'), align: 'right', render: (_, row) => row.rules.fields.length },
    { key: 'updated', title: t('billAnalysis.templates.updated'), render: (_, row) => <DateTimeText at={row.updatedAt} /> },
    {
      key: 'actions',
      title: t('lists.actions'),
      render: (_, row) => (
        <RowActions
          gate={gate}
          actions={[
            {
              button: 'edit',
              label: t('billAnalysis.templates.edit'),
              onClick: () => setEditing({ id: row.id, name: row.name, utility: row.utility, rules: JSON.stringify(row.rules, null, 2) }),
              testId: `bill-template-edit-${row.id}`,
            },
            {
              button: 'delete',
              label: t('billAnalysis.templates.delete'),
              danger: true,
              confirm: t('billAnalysis.templates.deleteConfirm'),
              onClick: () => void api.removeTemplate(row.id).then(reload, () => undefined),
              testId: `bill-template-delete-${row.id}`,
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Permission menu={BILL_ANALYSIS_SCREEN} button="edit">
        <Space>
          {t('billAnalysis.templates.fromPreset')}
          <Select
            style={{ width: 260 }}
            placeholder={t('billAnalysis.templates.add')}
            value={null}
            onChange={(key: string) => startFrom(key)}
            options={[
              ...BILL_TEMPLATE_PRESETS.map((p) => ({ value: p.key, label: t(`billAnalysis.templates.presets.${p.key}`) })),
              { value: 'blank', label: t('billAnalysis.templates.blank') },
            ]}
            data-testid="bill-template-add"
          />
        </Space>
      </Permission>
      <Table size="small" rowKey="id" columns={columns} dataSource={templates} pagination={false} />
      {editing && (
        <Modal
          open
          title={editing.id === null ? t('billAnalysis.templates.add') : t('billAnalysis.templates.edit')}
          onCancel={() => setEditing(null)}
          onOk={() => void save()}
          okText={t('billAnalysis.templates.save')}
        >
          <Form layout="vertical">
            <Form.Item label={t('billAnalysis.templates.name')}>
              <Input value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('billAnalysis.templates.utility')}>
              <Input value={editing.utility} onChange={(e) => setEditing({ ...editing, utility: e.target.value })} />
            </Form.Item>
            <Form.Item label={t('billAnalysis.view.fieldsFound')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
              <Input.TextArea
                rows={12}
                style={{ fontFamily: 'monospace' }}
                value={editing.rules}
                onChange={(e) => setEditing({ ...editing, rules: e.target.value })}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Space>
  );
}
