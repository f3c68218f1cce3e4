import { ShareAltOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format/time';
import { LINK_DEFAULT_DAYS, LINK_MAX_DAYS } from '@shared/reports/constants';
import type { ReportPeriod } from '@shared/reports/spec';
import { useNotify } from '../feedback/notify';
import { usePermission } from '../permissions/Permission';
import { useStores } from '../stores/StoreContext';
import { createReportLinksApi, type ReportLinkRow, type ReportLinksApi } from './reportLinksApi';

/** Creating and revoking links is the report list's edit button, wherever the share button sits. */
export const LINKS_MENU = '/report/reportList';

export interface ShareReportButtonProps {
  target: 'run' | 'definition';
  runId?: number;
  definitionId?: number;
  /** a definition link's fixed period (absent: the definition's own period, fixed when the link is made) */
  period?: ReportPeriod;
  /** called with the new link (e.g. to reload a links table) */
  onCreated?: (link: ReportLinkRow) => void;
  /** 'link': a text action that sits in a table's action column beside the others */
  look?: 'button' | 'link';
  /** tests */
  api?: ReportLinksApi;
}

/**
 * "Share link": a dialog with a label and how many days the link works, then the public address, shown once, with a
 * copy button. Hidden without the report list's edit permission (the server refuses anyway).
 */
export const ShareReportButton = observer(function ShareReportButton(props: ShareReportButtonProps) {
  const { t } = useTranslation();
  const root = useStores();
  const can = usePermission(LINKS_MENU);
  const notify = useNotify();
  const api = useMemo(() => props.api ?? createReportLinksApi(root.http), [props.api, root.http]);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ReportLinkRow | null>(null);
  const [form] = Form.useForm<{ label: string; expiresInDays: number }>();
  if (!can('edit')) return null;

  const close = () => {
    setOpen(false);
    setCreated(null);
    form.resetFields();
  };
  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const link = await api.create({
        target: props.target,
        ...(props.runId !== undefined ? { runId: props.runId } : {}),
        ...(props.definitionId !== undefined ? { definitionId: props.definitionId } : {}),
        ...(props.period ? { period: props.period } : {}),
        label: values.label?.trim() ?? '',
        expiresInDays: values.expiresInDays,
      });
      setCreated(link);
      props.onCreated?.(link);
    } catch {
      // The console's error toast already shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!created?.url) return;
    try {
      await navigator.clipboard.writeText(created.url);
      notify.success(t('reportSheet.share.copied'));
    } catch {
      notify.error(t('reportSheet.share.copyFailed'));
    }
  };

  return (
    <>
      <Button
        icon={props.look === 'link' ? undefined : <ShareAltOutlined />}
        type={props.look === 'link' ? 'link' : 'default'}
        size={props.look === 'link' ? 'small' : 'middle'}
        onClick={() => setOpen(true)}
        data-testid="share-report"
      >
        {t('reportSheet.share.button')}
      </Button>
      <Modal
        open={open}
        title={t('reportSheet.share.title')}
        onCancel={close}
        destroyOnHidden
        footer={
          created ? (
            <Button onClick={close}>{t('reportSheet.share.close')}</Button>
          ) : (
            <Space>
              <Button onClick={close}>{t('reportSheet.share.close')}</Button>
              <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="share-create">
                {t('reportSheet.share.create')}
              </Button>
            </Space>
          )
        }
      >
        {created?.url ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Alert type="success" showIcon title={t('reportSheet.share.created', { date: formatDateTime(created.expiresAt) })} />
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={created.url} onFocus={(event) => event.currentTarget.select()} data-testid="share-url" />
              <Button type="primary" onClick={() => void copy()} data-testid="share-copy">
                {t('reportSheet.share.copy')}
              </Button>
            </Space.Compact>
          </Space>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('reportSheet.share.intro')}</Typography.Paragraph>
            <Form form={form} layout="vertical" initialValues={{ label: '', expiresInDays: LINK_DEFAULT_DAYS }}>
              <Form.Item name="label" label={t('reportSheet.share.label')} rules={[{ max: 80 }]}>
                <Input maxLength={80} placeholder={t('reportSheet.share.labelPlaceholder')} data-testid="share-label" />
              </Form.Item>
              <Form.Item name="expiresInDays" label={t('reportSheet.share.expiresInDays')} rules={[{ required: true }]}>
                <InputNumber min={1} max={LINK_MAX_DAYS} precision={0} style={{ width: 160 }} data-testid="share-days" />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
    </>
  );
});
